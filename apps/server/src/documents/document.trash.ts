import { isAdminLevel } from '@p2p/domain';
import { audit, storedDocument, writtenDocument } from '../audit/audit.service.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { AppError, forbidden } from '../lib/app-error.ts';
import { lockInScope, type DocumentAccess } from './document.access.ts';
import { assertCanDelete, assertDeleteRole } from './document.permissions.ts';
import { lineWrites, priceLines } from './document.pricing.ts';
import { documentRepository } from './document.repository.ts';
import { rowWrite, toDocument } from './document.shape.ts';

/**
 * The trash (seed 000 section 2, "Trash view: offers restore and purge"): a deleted document keeps
 * its row in state 'deleted' with every value zero (section 4), remembers the state it left, and
 * comes back to it on restore; purge removes it for good (admin level).
 */
export function documentTrash(db: Db, access: DocumentAccess) {
  return {
    async remove(auth: AuthContext, name: string, id: string): Promise<{ ok: true }> {
      const { model, scope } = await access.loadModel(auth, name);
      await db.transaction().execute(async (trx) => {
        const tx = documentRepository(trx);
        const row = await lockInScope(tx, scope, id);
        const lines = await tx.lines(id);
        assertCanDelete(auth, model, toDocument(row, model, lines));
        const priced = priceLines(lines, 'deleted');
        const write = {
          ...rowWrite(row),
          data: { ...row.data, _deletedFrom: row.state },
          state: 'deleted',
          deleted: true,
          totals: priced.totals,
        };
        await tx.update(id, row.version, auth.user._id, write);
        await tx.replaceLines(id, auth.domainId, lineWrites(priced.lines));
        await audit.document(trx, auth, model.name, id, 'delete', {
          before: storedDocument(row),
          after: writtenDocument(write),
        });
      });
      return { ok: true };
    },

    async restore(auth: AuthContext, name: string, id: string): Promise<void> {
      const { model, scope } = await access.loadModel(auth, name);
      await db.transaction().execute(async (trx) => {
        const tx = documentRepository(trx);
        const row = await lockInScope(tx, scope, id, { deleted: 'allow' });
        if (!row.deleted)
          throw new AppError('conflict', 'The document is not in the trash.', {
            key: 'document.not-deleted',
          });
        const lines = await tx.lines(id);
        assertDeleteRole(auth, model, toDocument(row, model, lines));
        const { _deletedFrom, ...data } = row.data;
        const state = typeof _deletedFrom === 'string' ? _deletedFrom : 'updated';
        const priced = priceLines(lines, state);
        const write = { ...rowWrite(row), data, state, deleted: false, totals: priced.totals };
        await tx.update(id, row.version, auth.user._id, write);
        await tx.replaceLines(id, auth.domainId, lineWrites(priced.lines));
        await audit.document(trx, auth, model.name, id, 'restore', {
          before: storedDocument(row),
          after: writtenDocument(write),
        });
      });
    },

    async purge(auth: AuthContext, name: string, id: string): Promise<{ ok: true }> {
      const { row } = await access.find(auth, name, id);
      if (!isAdminLevel(auth.user)) throw forbidden('Only administrators can purge documents.');
      if (!row.deleted)
        throw new AppError('conflict', 'Only documents in the trash can be purged.', {
          key: 'document.not-deleted',
        });
      // the whole document, lines included, stays readable in the audit trail after the purge
      const lines = await documentRepository(db).lines(id);
      await db.transaction().execute(async (trx) => {
        await documentRepository(trx).purge(id);
        await audit.document(trx, auth, row.model, id, 'purge', { before: storedDocument(row, lines) });
      });
      return { ok: true };
    },
  };
}
