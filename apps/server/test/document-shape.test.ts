import { describe, expect, it } from 'vitest';
import type { DocumentRow } from '../src/documents/document.repository.ts';
import { toDocument } from '../src/documents/document.shape.ts';
import type { ModelConfig } from '../src/documents/model-config.ts';

/** A list row is the read's document cut to the kept keys of `data`, plus the row's flag. */
const model = { readonly: ['closed'], list: { fields: [] } } as unknown as ModelConfig;
const now = new Date('2026-11-29T12:00:00Z');

const row = (data: Record<string, unknown>, over: Partial<DocumentRow> = {}): DocumentRow => ({
  id: '42',
  model: 'order',
  type: 'order',
  subtype: 'P001',
  key: '4500000042',
  state: 'approved',
  supplier_id: 's1',
  supplier_name: 'Acme Parts',
  requester_id: null,
  requester_name: null,
  group_id: 'g1',
  group_key: 'buy',
  group_name: 'Buyers',
  plant: 'pt-lisboa',
  created_by: 'u1',
  created_by_name: 'Bea Buyer',
  created_at: new Date('2026-11-01T10:00:00Z'),
  updated_by: 'u1',
  updated_at: new Date('2026-11-02T10:00:00Z'),
  version: 3,
  deleted: false,
  data,
  gross_value: '10.00',
  discount_value: '0.00',
  cost_value: '0.00',
  net_value: '10.00',
  tax_value: '2.30',
  value: '12.30',
  list_value: '10.00',
  ...over,
});

describe('toDocument as a list row', () => {
  const data = {
    description: 'Bolts',
    currency: 'EUR',
    deliveryDate: '2026-12-01',
    addresses: [{ street: 'not in lists' }],
    // keys of data that name a relational fact lose to the fact
    plant: 'from data',
    key: 'from data',
    _state: { current: 'forged' },
  };
  const keep = new Set(['description', 'currency', 'deliveryDate', 'plant', 'key', '_state', 'flag']);

  it('is the read document cut to the kept keys, the facts winning', () => {
    const read = toDocument(row(data), model, undefined, undefined, now);
    const listed = toDocument(row(data), model, undefined, keep, now);
    const expected = Object.fromEntries(Object.entries(read).filter(([k]) => keep.has(k) || !(k in data)));
    expect(listed).toEqual(expected);
    expect(listed).toMatchObject({ plant: 'pt-lisboa', key: '4500000042', _state: { current: 'approved' } });
    expect(listed).not.toHaveProperty('addresses');
    expect(listed).not.toHaveProperty('flag');
  });

  it('carries the derived flag over a stored one, and a stored flag when none is derived', () => {
    const late = toDocument(
      row({ ...data, deliveryDate: '2026-11-01', flag: { status: 'x' } }),
      model,
      undefined,
      keep,
      now,
    );
    expect(late.flag).toEqual({ status: 'warn' });
    const stored = toDocument(row({ ...data, flag: { status: 'ignore' } }), model, undefined, keep, now);
    expect(stored.flag).toEqual({ status: 'ignore' });
    const kept = toDocument(row({ ...data, flag: { status: 'x', note: 'n' } }), model, undefined, keep, now);
    expect(kept.flag).toEqual({ status: 'x', note: 'n' });
  });

  it('reads the model: a readonly state, the ERP record', () => {
    const closed = toDocument(
      row({ _erp: { attempts: 1 } }, { state: 'closed' }),
      model,
      undefined,
      keep,
      now,
    );
    expect(closed._state).toMatchObject({ current: 'closed', readonly: true, erp: { attempts: 1 } });
  });
});
