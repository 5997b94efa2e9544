import { sql, type Kysely } from 'kysely';

/**
 * UNSPSC codes (erp/unspsc.ts): the 8-digit tree (segment, family, class, commodity; a small
 * sample is shipped, the full set is the customer's to load) and each tenant's mapping from a code
 * prefix (8, 6, 4 or 2 digits) to an ERP material group. A line whose code maps to no group is
 * outside the scope of the integration and cannot be sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table unspsc_codes (
    code text primary key check (code ~ '^[0-9]{8}$'),
    title text not null,
    level smallint not null check (level between 1 and 4),
    parent text
  )`.execute(db);
  await sql`create table unspsc_material_groups (
    domain_id text not null references domains(id),
    prefix text not null check (prefix ~ '^([0-9]{2}){1,4}$'),
    material_group text not null,
    primary key (domain_id, prefix)
  )`.execute(db);
  const sample: Array<[string, string]> = [
    ['31000000', 'Manufacturing Components and Supplies'],
    ['31160000', 'Hardware'],
    ['31161500', 'Screws'],
    ['31161700', 'Nuts'],
    ['31161800', 'Washers'],
    ['43000000', 'Information Technology Broadcasting and Telecommunications'],
    ['43210000', 'Computer Equipment and Accessories'],
    ['43211500', 'Computers'],
    ['43211503', 'Notebook computers'],
    ['43211507', 'Desktop computers'],
    ['78000000', 'Transportation and Storage and Mail Services'],
    ['78100000', 'Mail and cargo transport'],
    ['78101800', 'Road cargo transport'],
  ];
  for (const [code, title] of sample) {
    const level = code.endsWith('000000') ? 1 : code.endsWith('0000') ? 2 : code.endsWith('00') ? 3 : 4;
    const parent = level === 1 ? null : code.slice(0, (level - 1) * 2).padEnd(8, '0');
    await sql`insert into unspsc_codes (code, title, level, parent) values (${code}, ${title}, ${level}, ${parent})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists unspsc_material_groups`.execute(db);
  await sql`drop table if exists unspsc_codes`.execute(db);
}
