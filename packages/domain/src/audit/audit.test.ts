import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditDiff, canReadAudit, isEmptyDiff, REDACTED, redactSecrets } from '../index.ts';

type Json = Record<string, unknown>;

/** Writes the diff's after values onto a copy of `before` and drops the removed paths. */
function apply(before: unknown, diff: ReturnType<typeof auditDiff>): unknown {
  if (diff.after === null) return undefined;
  if (diff.before === null) return '$' in diff.after ? diff.after.$ : diff.after;
  if ('$' in diff.after || '$' in diff.before) return diff.after.$;
  const copy = structuredClone(before) as Json;
  const step = (path: string, f: (parent: Json, key: string) => void) => {
    const parts = path.split('.');
    let at = copy;
    for (const p of parts.slice(0, -1)) at = at[p] as Json;
    f(at, parts.at(-1)!);
  };
  for (const path of Object.keys(diff.before))
    if (!(path in diff.after))
      step(path, (parent, key) => {
        // an array only ever loses its tail
        if (Array.isArray(parent)) parent.length = Math.min(parent.length, Number(key));
        else delete parent[key];
      });
  for (const [path, value] of Object.entries(diff.after))
    step(path, (parent, key) => (parent[key] = structuredClone(value)));
  return copy;
}

describe('auditDiff', () => {
  it('records only the changed paths, each with its value before and after', () => {
    const before = { state: 'created', data: { description: 'Bolts', currency: 'EUR', iban: 'PT50 0002' } };
    const after = { state: 'updated', data: { description: 'Nuts', currency: 'EUR', iban: 'PT50 0002' } };
    expect(auditDiff(before, after)).toEqual({
      before: { state: 'created', 'data.description': 'Bolts' },
      after: { state: 'updated', 'data.description': 'Nuts' },
    });
  });

  it('walks arrays by index and shows added and removed paths on one side only', () => {
    const diff = auditDiff(
      { lines: [{ item: 'A', price: '1.00' }], note: 'x' },
      { lines: [{ item: 'A', price: '2.00' }, { item: 'B' }], flag: true },
    );
    expect(diff).toEqual({
      before: { 'lines.0.price': '1.00', note: 'x' },
      after: { 'lines.0.price': '2.00', 'lines.1': { item: 'B' }, flag: true },
    });
  });

  it('records a creation and a removal whole, with null on the missing side', () => {
    expect(auditDiff(null, { a: 1 })).toEqual({ before: null, after: { a: 1 } });
    expect(auditDiff({ a: 1 }, undefined)).toEqual({ before: { a: 1 }, after: null });
    expect(auditDiff(undefined, null)).toEqual({ before: null, after: null });
    expect(auditDiff(null, 'x')).toEqual({ before: null, after: { $: 'x' } });
  });

  it('never lets a password, hash or token out in clear', () => {
    const diff = auditDiff(
      { name: 'Ana', password_hash: 'argon2$old', nested: { apiKey: 'k1', tokens: ['t1'] } },
      { name: 'Ana', password_hash: 'argon2$new', nested: { apiKey: 'k2', tokens: ['t2'] } },
    );
    expect(JSON.stringify(diff)).not.toMatch(/argon2|k1|k2|t1|t2/);
    expect(diff.after).toEqual({
      password_hash: REDACTED,
      'nested.apiKey': REDACTED,
      'nested.tokens.0': REDACTED,
    });
    expect(JSON.stringify(auditDiff(null, { user: { password: 'Secret-1234!' } }))).not.toContain('Secret');
    expect(redactSecrets({ at: new Date('2026-01-02T03:04:05.000Z'), n: 10n })).toEqual({
      at: '2026-01-02T03:04:05.000Z',
      n: '10',
    });
  });

  it('is empty for equal values', () => {
    const value = { a: [1, { b: null }], c: 'x' };
    expect(isEmptyDiff(auditDiff(value, structuredClone(value)))).toBe(true);
    expect(isEmptyDiff(auditDiff(null, value))).toBe(false);
  });

  it('property: applying the recorded after values to before gives after', () => {
    const key = fc.stringMatching(/^[a-z]{1,3}$/);
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(key, tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    const doc = fc.dictionary(key, json, { maxKeys: 5 });
    fc.assert(
      fc.property(doc, doc, (before, after) => {
        const diff = auditDiff(before, after);
        expect(apply(before, diff)).toEqual(after);
        // only changed paths: nothing equal on both sides
        for (const [path, value] of Object.entries(diff.before ?? {}))
          if (diff.after && path in diff.after) expect(diff.after[path]).not.toEqual(value);
      }),
    );
  });
});

describe('canReadAudit', () => {
  it('lets auditors and administrators read the trail, nobody else and never a supplier', () => {
    const as = (...keys: string[]) => ({ role: { key: keys[0]! }, roles: keys.map((key) => ({ key })) });
    expect(canReadAudit(as('auditor'))).toBe(true);
    expect(canReadAudit(as('admin'))).toBe(true);
    expect(canReadAudit(as('buyer', 'auditor'))).toBe(true);
    for (const role of ['buyer', 'manager', 'director', 'requester', 'supplier'])
      expect(canReadAudit(as(role)), role).toBe(false);
    expect(canReadAudit(as('supplier', 'auditor'))).toBe(false);
    expect(canReadAudit({ ...as('auditor'), _profile: ['supplier'] })).toBe(false);
    expect(canReadAudit(null)).toBe(false);
  });
});
