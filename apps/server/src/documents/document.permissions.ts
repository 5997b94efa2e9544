import {
  actsAsSupplier,
  canCreate,
  deleteRoleVerdict,
  deleteVerdict,
  editVerdict,
  isSupplierModel,
  refId,
  type DocumentLike,
  type Verdict,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import { AppError, forbidden } from '../lib/app-error.ts';
import { docUser } from './document.field-rules.ts';
import type { ModelConfig } from './model-config.ts';

/**
 * The write permissions the server enforces, as the domain decides them: a refused verdict
 * becomes its answer (403 for the caller's roles, 409 for the document's state) with the
 * verdict's own reason and key, so the server never re-derives why.
 */

type Auth = Pick<AuthContext, 'user'>;

export function assertVerdict(verdict: Verdict): void {
  if (verdict.allowed) return;
  if (verdict.status === 403) throw forbidden(verdict.reason, verdict.key);
  throw new AppError('conflict', verdict.reason, { key: verdict.key });
}

/** canCreate of the domain; suppliers without a supplier company cannot file documents of it. */
export function assertCanCreate(auth: Auth, model: ModelConfig): void {
  const user = docUser(auth.user);
  if (!canCreate(model, user))
    throw forbidden(`You are not allowed to create documents of model '${model.name}'.`);
  if (actsAsSupplier(user) && !isSupplierModel(model) && !refId(user.supplier))
    throw forbidden(`Suppliers cannot create documents of model '${model.name}'.`);
}

export const assertCanEdit = (auth: Auth, model: ModelConfig, doc: DocumentLike): void =>
  assertVerdict(editVerdict(doc, model, docUser(auth.user)));

export const assertCanDelete = (auth: Auth, model: ModelConfig, doc: DocumentLike): void =>
  assertVerdict(deleteVerdict(doc, model, docUser(auth.user)));

/** Restoring from the trash takes the roles of delete. */
export const assertDeleteRole = (auth: Auth, model: ModelConfig, doc: DocumentLike): void =>
  assertVerdict(deleteRoleVerdict(doc, model, docUser(auth.user)));
