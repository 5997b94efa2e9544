import { describe, expect, it } from 'vitest';
import { mayViewLookupField, narrowLookupEntry } from './lookup-fields.ts';

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
    expect(narrowLookupEntry(user('buyer'), 'user', entry)).toEqual(entry);
    expect(narrowLookupEntry(user('requester'), 'user', entry)).toEqual({
      _id: '1',
      key: 'ann',
      label: 'Ann',
    });
    expect(narrowLookupEntry(user('supplier'), 'user', entry)).toEqual({
      _id: '1',
      key: 'ann',
      label: 'Ann',
    });
    expect(entry.email).toBe('ann@acme.com'); // a copy: the entry itself is left as it is
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
