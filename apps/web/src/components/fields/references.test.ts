import { describe, expect, it } from 'vitest';
import { FIELD_TYPES as DOMAIN_FIELD_TYPES } from '@p2p/domain';
import { FIELD_TYPES } from './types.ts';
import { refLabel, refUrl, taxonomyItems } from './rules.ts';

describe('reference look-ups', () => {
  it('points items, suppliers, users and taxes at /reference and other refs at their model list', () => {
    expect(refUrl({ src: 'supplier.name', type: 'supplier', ref: 'supplier' }, 'supplier')).toBe(
      '/reference/supplier',
    );
    expect(refUrl({ src: 'partners', type: 'suppliers' }, 'suppliers')).toBe('/reference/supplier');
    expect(refUrl({ src: 'manager.name', type: 'user', ref: 'users' }, 'user')).toBe('/reference/user');
    expect(refUrl({ src: 'assignees', type: 'users' }, 'users')).toBe('/reference/user');
    expect(refUrl({ src: 'item', type: 'ref_item' }, 'ref_item')).toBe('/reference/item');
    expect(refUrl({ src: 'tax', type: 'ref', ref: 'tax' }, 'ref')).toBe('/reference/tax');
    expect(refUrl({ src: 'reference.contract', type: 'ref', ref: 'contract' }, 'ref')).toBe(
      '/purchasing/contract',
    );
    expect(refUrl({ src: 'x', type: 'ref', ref: '/custom/list' }, 'ref')).toBe('/custom/list');
  });

  it('labels a reference by its name, else a document by its number and description', () => {
    expect(refLabel({ _id: 's1', name: 'Beta Logistics SA', key: 'ESA1' })).toBe('Beta Logistics SA');
    expect(refLabel({ _id: '31', key: null, description: 'Yearly evaluation CT-2026-007' })).toBe(
      'Yearly evaluation CT-2026-007',
    );
    expect(refLabel({ _id: '7', key: '4500012306', description: 'Blanket order' })).toBe(
      '4500012306 – Blanket order',
    );
    expect(refLabel({ _id: '9' })).toBe('9');
  });

  it('reads taxonomy answers as select options', () => {
    expect(taxonomyItems([{ key: 'PT', label: 'Portugal' }, { code: 'ES', name: 'Spain' }, 'FR'])).toEqual([
      { key: 'PT', label: 'Portugal' },
      { key: 'ES', label: 'Spain' },
      { key: 'FR', label: 'FR' },
    ]);
    expect(taxonomyItems({ items: [{ _id: 'DE' }] })).toEqual([{ key: 'DE', label: 'DE' }]);
    expect(taxonomyItems(null)).toEqual([]);
  });

  it('shares the field type list with @p2p/domain', () => {
    expect(FIELD_TYPES).toBe(DOMAIN_FIELD_TYPES);
  });
});
