import { describe, expect, it } from 'vitest';
import { withoutHiddenFields } from './hidden.ts';

describe('audit events without the fields hidden from the reader', () => {
  const hidden = ['iban', 'supplierNotes', 'bank.account'];

  it('drops changed paths of hidden fields and keeps the others', () => {
    expect(
      withoutHiddenFields(
        {
          'data.iban': 'PT50…',
          'data.description': 'x',
          'data.bank.account': '1',
          'data.bank.name': 'B',
          key: 'K',
        },
        hidden,
      ),
    ).toEqual({ 'data.description': 'x', 'data.bank.name': 'B', key: 'K' });
  });

  it('strips hidden fields inside whole snapshots and parent objects', () => {
    expect(
      withoutHiddenFields(
        {
          data: { iban: 'PT50…', supplierNotes: 'secret', name: 'Alfa', bank: { account: '1', name: 'B' } },
          'data.bank': { account: '1', name: 'B' },
          lines: [{ iban: 'no', price: '1.00' }],
        },
        hidden,
      ),
    ).toEqual({
      data: { name: 'Alfa', bank: { name: 'B' } },
      'data.bank': { name: 'B' },
      lines: [{ price: '1.00' }],
    });
  });

  it('keeps everything when nothing is hidden, and null as null', () => {
    const values = { 'data.iban': 'PT50…' };
    expect(withoutHiddenFields(values, [])).toBe(values);
    expect(withoutHiddenFields(null, hidden)).toBeNull();
  });
});
