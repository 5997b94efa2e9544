import { sql } from 'kysely';
import { audit, type AuditActor } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { AppError, fieldErrors } from '../lib/app-error.ts';
import { withItems } from '../reference/reference.repository.ts';

/** The seed's message (001 section 4.1, status unspsc-fail), exactly. */
export const UNSPSC_OUT_OF_SCOPE = 'UNSPSC Code outside the scope of integration';

/** The prefixes a code falls back through: 8, 6, 4, then 2 digits. */
export const unspscPrefixes = (code: string) => [8, 6, 4, 2].map((n) => code.slice(0, n));

/** The ERP material group of an UNSPSC code in a tenant, through the 8 -> 6 -> 4 -> 2 fallback; null: out of scope. */
export async function materialGroupOf(db: Db, domainId: string, code: string): Promise<string | null> {
  if (!/^[0-9]{8}$/.test(code)) return null;
  const row = await sql<{ material_group: string }>`select material_group from unspsc_material_groups
    where domain_id = ${domainId} and prefix in (${sql.join(unspscPrefixes(code))})
    order by length(prefix) desc limit 1`.execute(db);
  return row.rows[0]?.material_group ?? null;
}

/**
 * The material group of every line that carries a code (`unspsc`); a line whose code maps to no
 * group blocks the send with the seed's message on that line.
 */
export async function materialGroups(
  db: Db,
  domainId: string,
  lines: ReadonlyArray<Record<string, unknown>>,
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const refused: Array<{
    field: string;
    line: { pos: number; subpos: number; key: string };
    message: string;
  }> = [];
  for (const l of lines) {
    const code = typeof l.unspsc === 'string' ? l.unspsc.trim() : '';
    if (!code) continue;
    const group = await materialGroupOf(db, domainId, code);
    const pos = Number(l.pos);
    if (group) out.set(pos, group);
    else
      refused.push({
        field: 'unspsc',
        line: { pos, subpos: Number(l.subpos ?? 0), key: typeof l.item === 'string' ? l.item : '' },
        message: UNSPSC_OUT_OF_SCOPE,
      });
  }
  if (refused.length) throw fieldErrors(UNSPSC_OUT_OF_SCOPE, refused, 'erp.unspsc-fail');
  return out;
}

type CodeRow = { code: string; title: string; level: number; parent: string | null };

export async function searchUnspsc(db: Db, q: { q?: string; parent?: string }): Promise<CodeRow[]> {
  const text = q.q?.trim() ?? '';
  const rows = text
    ? /^[0-9]+$/.test(text)
      ? await sql<CodeRow>`select code, title, level, parent from unspsc_codes where code like ${text + '%'} order by code limit 100`.execute(
          db,
        )
      : await sql<CodeRow>`select code, title, level, parent from unspsc_codes where title ilike ${'%' + text.replace(/[%_\\]/g, '\\$&') + '%'} order by level, code limit 100`.execute(
          db,
        )
    : q.parent
      ? await sql<CodeRow>`select code, title, level, parent from unspsc_codes where parent = ${q.parent} order by code limit 1000`.execute(
          db,
        )
      : await sql<CodeRow>`select code, title, level, parent from unspsc_codes where level = 1 order by code`.execute(
          db,
        );
  return rows.rows.map((r) => ({ ...r, level: Number(r.level) }));
}

/** One CSV line (quotes and doubled quotes as spreadsheets write them). */
function csvCells(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.map((s) => s.trim());
}

/** The official file: each row names its segment, family, class and commodity with titles; upserted. */
export async function importUnspscCsv(db: Db, csv: string): Promise<number> {
  const lines = csv.split(/\r?\n/).filter((l) => l.trim());
  const header = csvCells(lines[0] ?? '').map((h) => h.toLowerCase());
  const col = (name: string) => header.indexOf(name);
  const levels = ['segment', 'family', 'class', 'commodity'].map((n) => [col(n), col(`${n} title`)] as const);
  if (levels.some(([c, t]) => c < 0 || t < 0))
    throw fieldErrors(
      'Not an UNSPSC file: the columns Segment, Segment Title, Family, Family Title, Class, Class Title, Commodity and Commodity Title are needed.',
      [],
      'erp.unspsc-file',
    );
  const codes = new Map<string, CodeRow>();
  for (const line of lines.slice(1)) {
    const cells = csvCells(line);
    levels.forEach(([c, t], i) => {
      const code = (cells[c] ?? '').padEnd(8, '0');
      if (!/^[0-9]{8}$/.test(code) || !cells[t]) return;
      codes.set(code, {
        code,
        title: cells[t]!,
        level: i + 1,
        parent: i === 0 ? null : code.slice(0, i * 2).padEnd(8, '0'),
      });
    });
  }
  for (const r of codes.values())
    await sql`insert into unspsc_codes (code, title, level, parent) values (${r.code}, ${r.title}, ${r.level}, ${r.parent})
      on conflict (code) do update set title = excluded.title, level = excluded.level, parent = excluded.parent`.execute(
      db,
    );
  return codes.size;
}

type GroupRow = { prefix: string; materialGroup: string; title: string | null };

/** The code a prefix names: its digits with the zeros of the levels below ('43' -> '43000000'). */
const codeOfPrefix = (prefix: string) => prefix.padEnd(8, '0');

/** The tenant's mapping from code prefixes to ERP material groups, by prefix, with the codes' titles. */
export async function listMaterialGroups(db: Db, domainId: string): Promise<GroupRow[]> {
  const rows = await sql<GroupRow>`select g.prefix, g.material_group as "materialGroup", c.title
    from unspsc_material_groups g left join unspsc_codes c on c.code = rpad(g.prefix, 8, '0')
    where g.domain_id = ${domainId} order by g.prefix`.execute(db);
  return rows.rows;
}

/** Maps a prefix to a material group in the tenant (a new mapping or a changed group). */
export async function upsertMaterialGroup(
  db: Db,
  domainId: string,
  prefix: string,
  materialGroup: string,
): Promise<GroupRow> {
  await sql`insert into unspsc_material_groups (domain_id, prefix, material_group)
    values (${domainId}, ${prefix}, ${materialGroup})
    on conflict (domain_id, prefix) do update set material_group = excluded.material_group`.execute(db);
  const title = await sql<{
    title: string;
  }>`select title from unspsc_codes where code = ${codeOfPrefix(prefix)}`.execute(db);
  return { prefix, materialGroup, title: title.rows[0]?.title ?? null };
}

/** Removes a prefix's mapping from the tenant; false when it had none. */
export async function deleteMaterialGroup(db: Db, domainId: string, prefix: string): Promise<boolean> {
  const res =
    await sql`delete from unspsc_material_groups where domain_id = ${domainId} and prefix = ${prefix}`.execute(
      db,
    );
  return Number(res.numAffectedRows ?? 0) > 0;
}

type ItemCodeRow = {
  code: string;
  name: string;
  unspsc: string | null;
  title: string | null;
  materialGroup: string | null;
};

/**
 * Sets (or clears, null) the UNSPSC code of a catalogue item of the tenant by hand, with its audit
 * event in the same transaction. The code must be one of the code set; an unknown item is a 404, an
 * unknown code a 400, and neither changes anything. The ERP stays the master of materials: its next
 * import replaces this code when it gives one for the material (erp.import-records.ts).
 */
export async function setItemUnspsc(
  db: Db,
  auth: AuditActor,
  itemCode: string,
  unspsc: string | null,
): Promise<ItemCodeRow> {
  return db.transaction().execute(async (trx) => {
    const item = await withItems(trx)
      .selectFrom('items')
      .select(['id', 'code', 'name', 'unspsc', 'material_group'])
      .where('domain_id', '=', auth.domainId)
      .where('code', '=', itemCode)
      .forUpdate()
      .executeTakeFirst();
    if (!item) throw new AppError('not_found', 'No such item.', { key: 'unspsc.item-not-found' });
    let title: string | null = null;
    if (unspsc !== null) {
      const known = await sql<{
        title: string;
      }>`select title from unspsc_codes where code = ${unspsc}`.execute(trx);
      if (!known.rows[0]) {
        const message = 'Unknown UNSPSC code: pick a code of the code set.';
        throw fieldErrors(message, [{ field: 'unspsc', message }], 'unspsc.unknown-code');
      }
      title = known.rows[0].title;
    }
    if (item.unspsc !== unspsc) {
      await withItems(trx).updateTable('items').set({ unspsc }).where('id', '=', item.id).execute();
      await audit.record(trx, {
        auth,
        entity: 'item',
        entityId: String(item.id),
        action: 'update',
        before: { code: item.code, unspsc: item.unspsc },
        after: { code: item.code, unspsc },
        detail: { unspsc: 'by hand' },
      });
    }
    return { code: item.code, name: item.name, unspsc, title, materialGroup: item.material_group };
  });
}
