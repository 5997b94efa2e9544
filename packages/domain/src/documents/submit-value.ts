/**
 * A requisition goes to approval with its estimated value: approvers decide on an amount, and the
 * approval rules pick their tiers by it, so a requisition valued 0.00 is not submitted (issue 11,
 * "No lost work, no moving targets"). The server refuses the move with this error; the web shows
 * the same message before asking.
 */
import type { ApiFieldError } from '../api/contract.ts';
import { renderMessage } from '../i18n/render.ts';
import { toDecimal } from '../money/decimal.ts';
import { documentType } from './states.ts';
import type { DocumentLike, ModelRules } from './types.ts';

/** Document types whose submission for approval needs a value above zero. */
export const VALUE_REQUIRED_TYPES = ['requisition'] as const;
/** The workflow action that submits a document for approval. */
export const SUBMIT_APPROVAL_ACTION = 'submit-approval';

/** The value of a document as a decimal; an unreadable value counts as zero. */
function valueOf(doc: DocumentLike): ReturnType<typeof toDecimal> {
  const raw = (doc as { value?: unknown }).value;
  try {
    return toDecimal(typeof raw === 'string' || typeof raw === 'number' ? raw : null);
  } catch {
    return toDecimal(0);
  }
}

/**
 * Whether `action` on the document needs a value above zero and the document lacks it: the error
 * on the `value` field ('A requisition valued 0.00 cannot be submitted for approval...') in `lang`,
 * or null when the move may go on.
 */
export function submitValueError(
  doc: DocumentLike,
  model: Pick<ModelRules, 'name'>,
  action: string,
  lang = 'en',
): ApiFieldError | null {
  if (action !== SUBMIT_APPROVAL_ACTION) return null;
  if (!(VALUE_REQUIRED_TYPES as readonly string[]).includes(documentType(doc, model))) return null;
  if (valueOf(doc).greaterThan(0)) return null;
  return { field: 'value', message: renderMessage('document.zero-value', {}, lang) };
}
