import { sql } from 'kysely';
import { json, type Db } from '../db/database.ts';
import { DEMO_DOMAINS } from './demo-data.ts';
import { demoItems } from './demo-items.ts';

/**
 * The demo's mapping from UNSPSC code prefixes to ERP material groups, built from the demo
 * catalogue so every demo item maps: a segment (2 digits) when all its demo classes share one
 * group, else each class (6 digits). So the demo shows both ends of the 8 -> 6 -> 4 -> 2 fallback,
 * and codes of other segments (such as the sample's 78101800 Road cargo transport) stay outside
 * the scope of the integration.
 */
export function demoMaterialGroups(domainId: string): Array<{ prefix: string; group: string }> {
  const classes = new Map<string, string>();
  for (const item of demoItems(domainId)) classes.set(item.unspsc.slice(0, 6), item.material_group);
  const bySegment = new Map<string, Set<string>>();
  for (const [cls, group] of classes) {
    const seg = cls.slice(0, 2);
    (bySegment.get(seg) ?? bySegment.set(seg, new Set()).get(seg)!).add(group);
  }
  const out: Array<{ prefix: string; group: string }> = [];
  for (const [seg, groups] of bySegment)
    if (groups.size === 1) out.push({ prefix: seg, group: [...groups][0]! });
  for (const [cls, group] of classes)
    if (bySegment.get(cls.slice(0, 2))!.size > 1) out.push({ prefix: cls, group });
  return out.sort((a, b) => a.prefix.localeCompare(b.prefix));
}

/** Writes the mapping of every demo domain present, once (an administrator's later edits stay). */
export async function ensureDemoMaterialGroups(db: Db): Promise<void> {
  for (const d of DEMO_DOMAINS) {
    const present = await db.selectFrom('domains').select('id').where('id', '=', d.id).executeTakeFirst();
    if (!present) continue;
    const first = await db
      .insertInto('app_settings')
      .values({ domain_id: d.id, key: 'demo-unspsc-groups', value: json(true) })
      .onConflict((oc) => oc.columns(['domain_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!first) continue;
    for (const m of demoMaterialGroups(d.id))
      await sql`insert into unspsc_material_groups (domain_id, prefix, material_group)
        values (${d.id}, ${m.prefix}, ${m.group}) on conflict do nothing`.execute(db);
  }
}
