import { describe, expect, it } from 'vitest';
import { lookupEntryNarrower, mayViewLookupField } from './lookup-fields.ts';

const user = (...keys: string[]) => ({ role: { key: keys[0] ?? '' }, roles: keys.map((key) => ({ key })) });

describe('look-up fields by role', () => {
  it('staff see colleagues e-mail and role; requesters and suppliers do not', () => {
    const entry = {
      _id: '1',
      key: 'ann',
      label: 'Ann',
      email: 'ann@acme.com',
      role: 'buyer',
      supplier: null,
    };
    expect(lookupEntryNarrower(user('buyer'), 'user')(entry)).toEqual(entry);
    expect(lookupEntryNarrower(user('requester'), 'user')(entry)).toEqual({
      _id: '1',
      key: 'ann',
      label: 'Ann',
    });
    expect(lookupEntryNarrower(user('supplier'), 'user')(entry)).toEqual({
      _id: '1',
      key: 'ann',
      label: 'Ann',
    });
    expect(entry.email).toBe('ann@acme.com'); // a copy: the entry itself is left as it is
  });

  it('works out the hidden fields once for every entry of an answer', () => {
    const narrow = lookupEntryNarrower(user('requester'), 'item');
    const entries = [
      { _id: '1', code: 'A', price: '1.00' },
      { _id: '2', code: 'B', price: '2.00' },
    ];
    expect(entries.map(narrow)).toEqual([
      { _id: '1', code: 'A' },
      { _id: '2', code: 'B' },
    ]);
    expect(entries.map(lookupEntryNarrower(user('buyer'), 'item'))).toEqual(entries);
  });

  it('supplier master data only for supplier managers and administrators', () => {
    for (const key of ['admin', 'manager', 'manager-supplier'])
      expect(mayViewLookupField(user(key), 'supplier', 'vat'), key).toBe(true);
    for (const key of ['buyer', 'requester', 'supplier', 'auditor'])
      expect(mayViewLookupField(user(key), 'supplier', 'address'), key).toBe(false);
    expect(mayViewLookupField(user('requester'), 'supplier', 'name')).toBe(true);
  });

  it('catalogue prices only for the roles that buy', () => {
    expect(mayViewLookupField(user('requester', 'buyer'), 'item', 'price')).toBe(true);
    expect(mayViewLookupField(user('requester'), 'item', 'price')).toBe(false);
    expect(mayViewLookupField(null, 'item', 'price')).toBe(false);
  });
});
