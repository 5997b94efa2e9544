import {
  AUDIT_EXPORT_MAX_ROWS,
  auditDiff,
  canReadAudit,
  withoutHiddenFields,
  type AuditValues,
  PAGING,
  type AuditAction,
  type AuditEntity,
  type AuditEvent,
  type AuditFilterRequest,
  type AuditList,
  type AuditListRequest,
} from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import type { Db } from '../db/database.ts';
import { fieldErrors, forbidden } from '../lib/app-error.ts';
import { csvHeader, csvRow } from './audit.csv.ts';
import { auditRepository, type AuditCursor, type AuditFilter, type AuditRow } from './audit.repository.ts';

/**
 * The audit trail: `audit.record` writes one event inside the caller's transaction (a change that
 * rolls back records nothing, and an event that cannot be written rolls the change back), and
 * `auditService` reads the trail for auditors and administrators (a page, or a CSV export).
 */

/** Who made a change and from where: the AuthContext of the request (its user, domain and address). */
export interface AuditActor {
  domainId: string;
  user?: { _id: string; username: string } | null;
  address?: string | undefined;
}

export interface AuditEntry {
  auth: AuditActor;
  entity: AuditEntity | (string & {});
  entityId: string;
  model?: string | null;
  action: AuditAction | (string & {});
  /** the entity before the change (absent: it did not exist); only the changed paths are stored */
  before?: unknown;
  /** the entity after the change (absent: it no longer exists) */
  after?: unknown;
  /** what else explains the change: the workflow action and comment, the source of a copy */
  detail?: unknown;
}

export const audit = {
  /** Appends one event with the changed paths of before -> after (secrets redacted by auditDiff). */
  async record(trx: Db, e: AuditEntry): Promise<void> {
    const diff = auditDiff(e.before, e.after);
    await auditRepository(trx).append({
      domainId: e.auth.domainId,
      actorId: e.auth.user?._id ?? null,
      actorUsername: e.auth.user?.username ?? null,
      actorAddress: e.auth.address ?? null,
      entity: e.entity,
      entityId: e.entityId,
      model: e.model ?? null,
      action: e.action,
      before: diff.before,
      after: diff.after,
      detail: e.detail ?? null,
    });
  },

  /** `record` of a document event, short enough for the write paths of the engine. */
  document(
    trx: Db,
    auth: AuditActor,
    model: string,
    id: string,
    action: AuditEntry['action'],
    change: Pick<AuditEntry, 'before' | 'after' | 'detail'> = {},
  ): Promise<void> {
    return audit.record(trx, { auth, entity: 'document', entityId: id, model, action, ...change });
  },
};

export const MAX_AUDIT_PAGE_SIZE = 200;
/** Rows read per query of an export. */
const EXPORT_BATCH = 1_000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day (UTC midnight; `next` the midnight after it) or an instant; 400 when it is no real date. */
function parseBound(field: 'from' | 'to', text: string | undefined, next: boolean): Date | undefined {
  if (!text) return undefined;
  const isDay = DAY.test(text);
  const at = new Date(isDay ? `${text}T00:00:00.000Z` : text);
  if (Number.isNaN(at.getTime()) || (isDay && at.toISOString().slice(0, 10) !== text)) {
    const message = `'${text}' is not a valid date.`;
    throw fieldErrors(message, [{ field, message }], 'audit.invalid-date');
  }
  if (isDay && next) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

function toFilter(q: AuditFilterRequest): AuditFilter {
  const from = parseBound('from', q.from, false);
  const to = parseBound('to', q.to, true);
  return {
    ...(q.entity ? { entity: q.entity } : {}),
    ...(q.entity_id ? { entityId: q.entity_id } : {}),
    ...(q.model ? { model: q.model } : {}),
    ...(q.actor ? { actor: q.actor } : {}),
    ...(q.action ? { action: q.action } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

/**
 * The srcs of a model's fields hidden from the reader's role (document events only): a resolver,
 * because the audit feature does not read model configurations itself.
 */
export type HiddenFieldsOf = (auth: AuthContext, model: string) => Promise<ReadonlyArray<string>>;

const toEvent = (r: AuditRow): AuditEvent => ({
  _id: r.id,
  at: new Date(r.at).toISOString(),
  actor: { _id: r.actor_id, username: r.actor_username, address: r.actor_address },
  entity: r.entity,
  entityId: r.entity_id,
  model: r.model,
  action: r.action,
  before: r.before,
  after: r.after,
  detail: r.detail,
});

export function auditService(db: Db, hiddenFieldsOf: HiddenFieldsOf = async () => []) {
  const repo = auditRepository(db);

  /** The events as the reader may see them: no field its role may not read (see withoutHiddenFields). */
  function readable(auth: AuthContext) {
    const byModel = new Map<string, Promise<ReadonlyArray<string>>>();
    return async (r: AuditRow): Promise<AuditEvent> => {
      const event = toEvent(r);
      if (r.entity !== 'document' || !r.model) return event;
      let hidden = byModel.get(r.model);
      if (!hidden) byModel.set(r.model, (hidden = hiddenFieldsOf(auth, r.model).catch(() => [])));
      const fields = await hidden;
      return {
        ...event,
        before: withoutHiddenFields(event.before as AuditValues | null, fields),
        after: withoutHiddenFields(event.after as AuditValues | null, fields),
      };
    };
  }

  function assertReader(auth: AuthContext): void {
    if (!canReadAudit(auth.user))
      throw forbidden('Only auditors and administrators can read the audit trail.', 'audit.forbidden');
  }

  return {
    /** GET /audit: one page of the caller domain's events, newest first, and how many match. */
    async list(auth: AuthContext, q: AuditListRequest): Promise<AuditList> {
      assertReader(auth);
      const filter = toFilter(q);
      const page = Math.max(1, Number(q.p ?? PAGING.page));
      const size = Math.min(MAX_AUDIT_PAGE_SIZE, Math.max(1, Number(q.l ?? PAGING.pageSize)));
      const rows = await repo.page(auth.domainId, filter, size, (page - 1) * size);
      const counted = await repo.count(auth.domainId, filter);
      const shown = readable(auth);
      return {
        data: await Promise.all(rows.map(shown)),
        count: counted.count,
        ...(counted.estimated ? { estimated: true as const } : {}),
      };
    },

    /**
     * GET /audit/export: the header row, then every matching event (newest first) up to
     * AUDIT_EXPORT_MAX_ROWS, read in keyset batches while the answer streams. The check runs before
     * the first byte, so a refused caller gets a plain 403; `truncated` says more events matched.
     */
    async exportCsv(
      auth: AuthContext,
      q: AuditFilterRequest,
    ): Promise<{ truncated: boolean; lines: AsyncGenerator<string> }> {
      assertReader(auth);
      const filter = toFilter(q);
      const counted = await repo.count(auth.domainId, filter);
      const shown = readable(auth);
      async function* lines(): AsyncGenerator<string> {
        yield csvHeader();
        let cursor: AuditCursor | null = null;
        let sent = 0;
        while (sent < AUDIT_EXPORT_MAX_ROWS) {
          const batch = await repo.after(
            auth.domainId,
            filter,
            cursor,
            Math.min(EXPORT_BATCH, AUDIT_EXPORT_MAX_ROWS - sent),
          );
          if (!batch.length) return;
          yield (await Promise.all(batch.map(shown))).map(csvRow).join('');
          sent += batch.length;
          const last = batch.at(-1)!;
          cursor = { at: last.at_key, id: last.id };
          if (batch.length < EXPORT_BATCH) return;
        }
      }
      return { truncated: counted.count > AUDIT_EXPORT_MAX_ROWS, lines: lines() };
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;

// The snapshots a document write passes as before / after, beside the recorder they feed.
export { storedDocument, writtenDocument } from './document-snapshot.ts';
