import type { Db } from '../db/database.ts';

/** An app link to one document: '/<model>/<id or number>'. */
const DOC_LINK = /^\/([a-z][a-z0-9-]*)\/([^/?#]+)$/;
const ID = /^\d{1,18}$/;

/**
 * Links that name a document by its number ('/order/PO-4500012345': demo notifications, rows
 * written before the writers used ids) turned into the id the form route opens ('/order/42').
 * A number that is a document id of that model stays as it is; one that is not a document of the
 * caller's domain stays too (the form answers not-found as for any gone document). One query for
 * the whole list.
 */
export async function withDocumentIds<T extends { link: string | null }>(
  db: Db,
  domainId: string,
  rows: T[],
): Promise<T[]> {
  const refs = rows.flatMap((r) => {
    const m = r.link ? DOC_LINK.exec(r.link) : null;
    return m ? [{ model: m[1]!, ref: decodeURIComponent(m[2]!) }] : [];
  });
  if (!refs.length) return rows;
  const models = [...new Set(refs.map((r) => r.model))];
  const keys = [...new Set(refs.map((r) => r.ref))];
  const ids = keys.filter((k) => ID.test(k));
  const docs = await db
    .selectFrom('documents')
    .select(['id', 'model', 'key'])
    .where('domain_id', '=', domainId)
    .where('model', 'in', models)
    .where((eb) => {
      const byKey = eb('key', 'in', keys);
      return ids.length ? eb.or([byKey, eb('id', 'in', ids)]) : byKey;
    })
    .execute();
  const isId = new Set(docs.map((d) => `${d.model}/${String(d.id)}`));
  const idOfKey = new Map(docs.filter((d) => d.key).map((d) => [`${d.model}/${d.key}`, String(d.id)]));
  return rows.map((r) => {
    const m = r.link ? DOC_LINK.exec(r.link) : null;
    if (!m) return r;
    const at = `${m[1]}/${decodeURIComponent(m[2]!)}`;
    if (isId.has(at)) return r;
    const id = idOfKey.get(at);
    return id ? { ...r, link: `/${m[1]}/${id}` } : r;
  });
}
