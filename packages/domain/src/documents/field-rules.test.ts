import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FIELD_LOCK_REASONS,
  REFERENCE_CONTRACT_READONLY_FIELDS,
  applyDefaults,
  documentFieldLock,
  fieldScope,
  fieldState,
  lineFieldStates,
  labelText,
} from './field-rules.ts';
import { PathError, getPath, setPath } from './paths.ts';
import type { DocumentLike, DocUser, FieldConfig } from './types.ts';

const user = (keys: string): DocUser => {
  const list = keys.split(',');
  return { _id: 'u1', role: { key: list[0]! }, roles: list.map((key) => ({ key })) };
};
const buyer = user('buyer');
const requester = user('requester');
const f = (src: string, extra: Partial<FieldConfig> = {}): FieldConfig => ({
  src,
  label: src,
  type: 'text',
  ...extra,
});
const order = (extra: DocumentLike = {}): DocumentLike => ({
  _id: 'o1',
  doc: { type: 'order', subtype: 'P001' },
  _state: { current: 'created' },
  lines: [],
  ...extra,
});

describe('getPath / setPath', () => {
  it('reads dotted paths', () => {
    const d = { risk: { gdpr: 2 }, doc: { subtype: 'P009' }, lines: [{ price: 3 }] };
    expect(getPath(d, 'risk.gdpr')).toBe(2);
    expect(getPath(d, 'doc.subtype')).toBe('P009');
    expect(getPath(d, 'lines.0.price')).toBe(3);
    expect(getPath(d, 'lines.x')).toBeUndefined();
    expect(getPath(d, 'risk.cyber.level')).toBeUndefined();
    expect(getPath(null, 'a')).toBeUndefined();
    expect(getPath(d, '')).toBeUndefined();
    expect(getPath(d, 'risk..gdpr')).toBeUndefined();
    expect(getPath({}, 'constructor')).toBeUndefined();
    expect(getPath({}, 'toString')).toBeUndefined();
    expect(getPath({ a: 1 }, '__proto__')).toBeUndefined();
  });

  it('writes a copy, creating missing objects', () => {
    const d = { risk: { gdpr: 2 }, lines: [{ price: 3 }, { price: 4 }] };
    const out = setPath(d, 'risk.cyber', 3);
    expect(out).toEqual({ risk: { gdpr: 2, cyber: 3 }, lines: d.lines });
    expect(d.risk).toEqual({ gdpr: 2 });
    expect(setPath(d, 'lines.1.price', 9).lines).toEqual([{ price: 3 }, { price: 9 }]);
    expect(d.lines[1]).toEqual({ price: 4 });
    expect(setPath({}, 'a.b.c', 1)).toEqual({ a: { b: { c: 1 } } });
    expect(setPath({ a: 5 }, 'a.b', 1)).toEqual({ a: { b: 1 } });
    expect(() => setPath({}, '__proto__.x', 1)).toThrow(PathError);
    expect(() => setPath({}, 'a.constructor', 1)).toThrow(PathError);
    expect(() => setPath({}, '', 1)).toThrow(PathError);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('property: a written value reads back and the input is unchanged', () => {
    const key = fc
      .stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,5}$/)
      .filter((k) => k !== 'constructor' && k !== 'prototype');
    fc.assert(
      fc.property(
        fc.array(key, { minLength: 1, maxLength: 4 }),
        fc.jsonValue(),
        fc.object(),
        (parts, v, obj) => {
          const path = parts.join('.');
          const before = JSON.stringify(obj);
          const out = setPath(obj, path, v);
          expect(getPath(out, path)).toEqual(v);
          expect(JSON.stringify(obj)).toBe(before);
        },
      ),
    );
  });
});

describe('labels and scope', () => {
  it('label text per language', () => {
    expect(labelText('Plain')).toBe('Plain');
    expect(labelText({ en: 'Orders', pt: 'Encomendas' }, 'pt')).toBe('Encomendas');
    expect(labelText({ en: 'Orders', pt: 'Encomendas' }, 'fr')).toBe('Orders');
    expect(labelText({ pt: 'Só' }, 'fr')).toBe('Só');
    expect(labelText(undefined)).toBe('');
  });
  it('puts document fields at top level with user, state, line and hasServiceLines', () => {
    const d = order({ lines: [{ type: 'service' }] });
    const scope = fieldScope({ doc: d, user: buyer });
    expect(scope.doc).toEqual({ type: 'order', subtype: 'P001' });
    expect(scope.document).toBe(d);
    expect(scope.state).toBe('created');
    expect(scope.hasServiceLines).toBe(true);
    expect(scope.user).toBe(buyer);
    expect(scope.line).toBeNull();
  });
});

describe('fieldState: roles, states, conditions', () => {
  it('visible and editable by default', () => {
    expect(fieldState(f('description'), { doc: order(), user: buyer })).toEqual({
      visible: true,
      editable: true,
      required: false,
    });
  });

  it('viewRoles and editRoles use role specs with negation', () => {
    const notes = f('supplierNotes', { viewRoles: 'admin,buyer,supplier', editRoles: 'admin,buyer' });
    expect(fieldState(notes, { doc: order(), user: requester }).visible).toBe(false);
    expect(fieldState(notes, { doc: order(), user: user('supplier') })).toMatchObject({
      visible: true,
      editable: false,
    });
    expect(fieldState(notes, { doc: order(), user: buyer }).editable).toBe(true);
    expect(
      fieldState(f('x', { viewRoles: '!supplier' }), { doc: order(), user: user('supplier') }).visible,
    ).toBe(false);
    expect(fieldState(f('x', { viewRoles: ['buyer'] }), { doc: order(), user: buyer }).visible).toBe(true);
    expect(fieldState(f('x', { viewRoles: '' }), { doc: order(), user: requester }).visible).toBe(true);
    expect(fieldState(f('x', { editRoles: 'buyer' }), { doc: order(), user: null }).editable).toBe(false);
  });

  it('viewStates, editStates and requiredStates', () => {
    const j = f('justification', {
      viewStates: ['created', 'approval'],
      editStates: ['created'],
      requiredStates: ['created'],
    });
    expect(fieldState(j, { doc: order(), user: buyer })).toEqual({
      visible: true,
      editable: true,
      required: true,
    });
    expect(fieldState(j, { doc: order(), user: buyer, state: 'approval' })).toEqual({
      visible: true,
      editable: false,
      required: false,
    });
    expect(fieldState(j, { doc: order({ _state: { current: 'closed' } }), user: buyer }).visible).toBe(false);
  });

  it('viewConditions are expressions of the document', () => {
    const country = f('address.country', { viewConditions: "doc.subtype != 'P999'" });
    expect(fieldState(country, { doc: order(), user: buyer }).visible).toBe(true);
    expect(
      fieldState(country, { doc: order({ doc: { type: 'order', subtype: 'P999' } }), user: buyer }).visible,
    ).toBe(false);
    const risk = f('risk.gdpr', { viewConditions: 'hasServiceLines' });
    expect(fieldState(risk, { doc: order(), user: buyer }).visible).toBe(false);
    expect(fieldState(risk, { doc: order({ lines: [{ type: 'service' }] }), user: buyer }).visible).toBe(
      true,
    );
    const byUser = f('x', { viewConditions: "includes(['buyer'], user.role.key) && state == 'created'" });
    expect(fieldState(byUser, { doc: order(), user: buyer }).visible).toBe(true);
    expect(fieldState(byUser, { doc: order(), user: requester }).visible).toBe(false);
    const onLine = f('price', { viewConditions: "line.type != 'tax'" });
    expect(fieldState(onLine, { doc: order(), user: buyer, line: { type: 'tax' } }).visible).toBe(false);
    expect(fieldState(onLine, { doc: order(), user: buyer, line: { type: 'material' } }).visible).toBe(true);
  });

  it('a broken viewCondition hides the field', () => {
    expect(
      fieldState(f('x', { viewConditions: 'doc.constructor' }), { doc: order(), user: buyer }).visible,
    ).toBe(false);
    expect(fieldState(f('x', { viewConditions: '((' }), { doc: order(), user: buyer }).visible).toBe(false);
  });

  it('hiddenIfNull hides empty values', () => {
    const r = f('recipient.name', { hiddenIfNull: true });
    expect(fieldState(r, { doc: order(), user: buyer }).visible).toBe(false);
    expect(fieldState(r, { doc: order({ recipient: { _id: 'r', name: '' } }), user: buyer }).visible).toBe(
      false,
    );
    expect(fieldState(r, { doc: order({ recipient: { _id: 'r', name: 'Ann' } }), user: buyer }).visible).toBe(
      true,
    );
    expect(fieldState(f('taxValue', { hiddenIfNull: true }), { doc: order({ taxValue: 0 }) }).visible).toBe(
      true,
    );
  });

  it('required shows only when visible and editable', () => {
    const d = f('description', { required: true });
    expect(fieldState(d, { doc: order(), user: buyer }).required).toBe(true);
    expect(fieldState(d, { doc: order(), user: buyer, mode: 'view' })).toEqual({
      visible: true,
      editable: false,
      required: false,
    });
    expect(fieldState(d, { doc: order(), user: buyer, readonly: true }).required).toBe(false);
    expect(fieldState({ ...d, readonly: true }, { doc: order(), user: buyer }).required).toBe(false);
    expect(fieldState({ ...d, editRoles: 'admin' }, { doc: order(), user: buyer }).required).toBe(false);
    expect(fieldState({ ...d, viewStates: ['approval'] }, { doc: order(), user: buyer }).required).toBe(
      false,
    );
    expect(fieldState(d, { doc: order(), user: buyer, mode: 'create' }).required).toBe(true);
  });

  it('property: required implies editable implies visible', () => {
    fc.assert(
      fc.property(
        fc.record({
          required: fc.boolean(),
          readonly: fc.boolean(),
          hiddenIfNull: fc.boolean(),
          editRoles: fc.constantFrom(undefined, 'buyer', 'admin', '!buyer'),
          viewRoles: fc.constantFrom(undefined, 'buyer', 'admin'),
          requiredStates: fc.constantFrom(undefined, ['created'], ['approval']),
        }),
        fc.constantFrom('view', 'edit', 'create') as fc.Arbitrary<'view' | 'edit' | 'create'>,
        fc.option(fc.string(), { nil: undefined }),
        (extra, mode, value) => {
          const field: FieldConfig = { src: 'x', label: 'X', type: 'text' };
          for (const [k, v] of Object.entries(extra)) if (v !== undefined) Object.assign(field, { [k]: v });
          const s = fieldState(field, { doc: order({ x: value }), user: buyer, mode });
          if (s.required) expect(s.editable).toBe(true);
          if (s.editable) expect(s.visible).toBe(true);
          if (mode === 'view') expect(s.editable).toBe(false);
        },
      ),
    );
  });
});

describe('fieldState: expr and conditionalValue', () => {
  it('expr computes a read-only value', () => {
    const pct = f('consumedPercent', { expr: 'value / targetValue * 100' });
    expect(fieldState(pct, { doc: order({ value: 50, targetValue: 200 }), user: buyer })).toEqual({
      visible: true,
      editable: false,
      required: false,
      value: 25,
    });
    expect(fieldState(f('x', { expr: 'doc.__proto__' }), { doc: order() }).value).toBeUndefined();
  });

  it('conditionalValue {if, value} forces the value and makes the field read-only', () => {
    const lock = f('flag', {
      type: 'checkbox',
      conditionalValue: { if: "doc.subtype != 'P009'", value: true },
    });
    expect(fieldState(lock, { doc: order(), user: buyer })).toMatchObject({ value: true, editable: false });
    const p9 = order({ doc: { type: 'requisition', subtype: 'P009' } });
    const s = fieldState(lock, { doc: p9, user: buyer });
    expect(s.editable).toBe(true);
    expect('value' in s).toBe(false);
  });

  it('conditionalValue as an expression gives its result', () => {
    const cv = f('currency', { conditionalValue: "doc.subtype == 'P999' ? 'USD' : undefined" });
    expect(fieldState(cv, { doc: order({ doc: { subtype: 'P999' } }) }).value).toBe('USD');
    expect('value' in fieldState(cv, { doc: order() })).toBe(false);
  });

  it('hiddenIfNull reads the computed value', () => {
    const x = f('x', { expr: 'missing', hiddenIfNull: true });
    expect(fieldState(x, { doc: order({ x: 'stored' }) }).visible).toBe(false);
  });
});

describe('section 5 document locks', () => {
  const lockField = f('deliveryLock', { type: 'checkbox' });
  it('order delivery lock only per isDeliveryLockEditable', () => {
    const p9 = (extra: DocumentLike = {}) =>
      order({ doc: { type: 'order', subtype: 'P009' }, listValue: 400, exchangeRate: 1, ...extra });
    expect(fieldState(lockField, { doc: p9(), user: buyer }).editable).toBe(true);
    expect(fieldState(lockField, { doc: p9({ listValue: 500 }), user: buyer }).editable).toBe(false);
    expect(fieldState(lockField, { doc: p9({ exchangeRate: '1.25' }), user: buyer }).editable).toBe(false);
    expect(fieldState(lockField, { doc: p9({ lines: [{ _cq: 1 }] }), user: buyer }).editable).toBe(false);
    expect(fieldState(lockField, { doc: order({ listValue: 10 }), user: buyer }).editable).toBe(false);
    expect(documentFieldLock('deliveryLock', { doc: order() })).toBe(FIELD_LOCK_REASONS.deliveryLock);
    // not an order: no such rule
    expect(documentFieldLock('deliveryLock', { doc: { doc: { type: 'contract' } } })).toBeNull();
  });

  it('orders with a reference contract lock the header fields; supplier editable with partners', () => {
    const withRef = order({ reference: { contract: { _id: 'c1' } } });
    for (const src of ['supplier.name', 'currency', 'paymentTerms', 'incoterms', 'reference.contract'])
      expect(fieldState(f(src), { doc: withRef, user: buyer }).editable).toBe(false);
    expect(fieldState(f('description'), { doc: withRef, user: buyer }).editable).toBe(true);
    expect(fieldState(f('supplierNotes'), { doc: withRef, user: buyer }).editable).toBe(true);
    const partners = { ...withRef, partners: [{ _id: 'S1' }, { _id: 'S2' }] };
    expect(fieldState(f('supplier.name'), { doc: partners, user: buyer }).editable).toBe(true);
    expect(fieldState(f('supplier'), { doc: partners, user: buyer }).editable).toBe(true);
    expect(fieldState(f('currency'), { doc: partners, user: buyer }).editable).toBe(false);
    expect(fieldState(f('currency'), { doc: order(), user: buyer }).editable).toBe(true);
    expect(REFERENCE_CONTRACT_READONLY_FIELDS).toContain('supplier');
    // line fields are not header fields
    expect(fieldState(f('currency'), { doc: withRef, user: buyer, line: {} }).editable).toBe(true);
  });

  it('keyed C004 contracts lock supplier, currency and project', () => {
    const c4 = { doc: { type: 'contract', subtype: 'C004' }, key: '4600000001', _imported: true };
    for (const src of ['supplier.name', 'currency', 'project'])
      expect(fieldState(f(src), { doc: c4, user: buyer }).editable).toBe(false);
    expect(fieldState(f('description'), { doc: c4, user: buyer }).editable).toBe(true);
    expect(fieldState(f('currency'), { doc: { ...c4, key: 'C-1' }, user: buyer }).editable).toBe(true);
    expect(
      fieldState(f('currency'), { doc: { ...c4, doc: { type: 'contract', subtype: 'C001' } }, user: buyer })
        .editable,
    ).toBe(true);
    const model = {
      name: 'contract',
      permissions: { importedLock: { subtype: 'C003', fields: ['validTo'] } },
    };
    const c3 = { ...c4, doc: { type: 'contract', subtype: 'C003' } };
    expect(fieldState(f('validTo'), { doc: c3, user: buyer, model }).editable).toBe(false);
    expect(fieldState(f('currency'), { doc: c3, user: buyer, model }).editable).toBe(true);
  });

  it('address country is disabled for subtype P999', () => {
    const p999 = order({ doc: { type: 'order', subtype: 'P999' } });
    expect(fieldState(f('address.country'), { doc: p999, user: buyer })).toMatchObject({
      visible: true,
      editable: false,
    });
    expect(fieldState(f('delivery.address.country'), { doc: p999, user: buyer }).editable).toBe(false);
    expect(fieldState(f('address.city'), { doc: p999, user: buyer }).editable).toBe(true);
    expect(fieldState(f('address.country'), { doc: order(), user: buyer }).editable).toBe(true);
  });
});

describe('applyDefaults', () => {
  const fields: FieldConfig[] = [
    f('currency', { default: 'EUR' }),
    f('exchangeRate', { default: 1 }),
    f('paymentTerms', { default: '60D', viewRoles: 'buyer' }),
    f('flags', { default: { a: [1] } }),
    f('computed', { expr: '1 + 1', default: 5 }),
    f('lines', {
      type: 'table',
      items: [f('type', { default: 'material' }), f('unit', { default: 'UN' }), f('quantity')],
    }),
  ];

  it('fills defaults only where the value is empty, without touching the input', () => {
    const d: DocumentLike = { currency: '', exchangeRate: 0, lines: [{ type: 'service' }, { unit: 'KG' }] };
    const out = applyDefaults(fields, d);
    expect(out).toEqual({
      currency: 'EUR',
      exchangeRate: 0,
      paymentTerms: '60D',
      flags: { a: [1] },
      lines: [
        { type: 'service', unit: 'UN' },
        { unit: 'KG', type: 'material' },
      ],
    });
    expect(d).toEqual({ currency: '', exchangeRate: 0, lines: [{ type: 'service' }, { unit: 'KG' }] });
    expect(out.flags).not.toBe(fields[3]!.default);
    expect('computed' in out).toBe(false);
  });

  it('with a context, fills only fields visible to it', () => {
    expect(applyDefaults(fields, {} as DocumentLike, { user: requester }).paymentTerms).toBeUndefined();
    expect(applyDefaults(fields, {} as DocumentLike, { user: buyer }).paymentTerms).toBe('60D');
    const hidden = [f('recipient', { default: 'x', hiddenIfNull: true })];
    expect(applyDefaults(hidden, {} as DocumentLike, { user: buyer }).recipient).toBe('x');
  });

  it('dotted sources', () => {
    expect(applyDefaults([f('risk.gdpr', { default: 1 })], { risk: { cyber: 3 } })).toEqual({
      risk: { cyber: 3, gdpr: 1 },
    });
  });

  it('property: idempotent and never overwrites a non-empty value', () => {
    fc.assert(
      fc.property(fc.option(fc.oneof(fc.string(), fc.integer()), { nil: undefined }), (v) => {
        const d: DocumentLike = v === undefined ? {} : { currency: v };
        const once = applyDefaults(fields, d);
        expect(applyDefaults(fields, once)).toEqual(once);
        if (typeof v === 'number' || (typeof v === 'string' && v.trim() !== ''))
          expect(once.currency).toBe(v);
        else expect(once.currency).toBe('EUR');
      }),
    );
  });
});

describe('lineFieldStates', () => {
  const user: DocUser = { _id: 'u1', role: { key: 'buyer' }, roles: [{ key: 'buyer' }] };
  const item = fc.record(
    {
      src: fc.constantFrom('quantity', 'price', 'discountValue', '_cq', 'note'),
      label: fc.constant('Label'),
      type: fc.constant('text'),
      required: fc.boolean(),
      requiredStates: fc.constantFrom(undefined, ['approval']),
      hiddenIfNull: fc.boolean(),
      editRoles: fc.constantFrom(undefined, 'buyer', 'admin', '!buyer'),
      viewRoles: fc.constantFrom(undefined, 'buyer', 'admin'),
      editStates: fc.constantFrom(undefined, ['created', 'updated'], ['approval']),
      readonly: fc.boolean(),
      viewConditions: fc.constantFrom(undefined, 'line.quantity > 1', "doc.subtype == 'P001'"),
      conditionalValue: fc.constantFrom(undefined, { if: 'line.price > 10', value: 0 }),
    },
    { requiredKeys: ['src', 'label', 'type'] },
  );
  const line = fc.record(
    {
      quantity: fc.constantFrom(0, 1, 2.5, null),
      price: fc.constantFrom(0, 5, 12.5),
      discountValue: fc.constantFrom(null, '0.00', '1.50'),
      _cq: fc.constantFrom(undefined, 0, 3),
      note: fc.constantFrom(undefined, '', 'text'),
    },
    { requiredKeys: [] },
  );

  it('answers what fieldState answers for every line, deciding line-independent fields once', () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 6 }),
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.constantFrom('created', 'updated', 'approval'),
        (items, lines, state) => {
          const doc: DocumentLike = {
            doc: { type: 'order', subtype: 'P001' },
            _state: { current: state },
            lines,
          };
          const ctx = { doc, user, state, mode: 'edit' as const, model: { name: 'order' } };
          const stateOf = lineFieldStates(ctx);
          for (const l of lines)
            for (const it of items as FieldConfig[])
              expect(stateOf(it, l)).toEqual(fieldState(it, { ...ctx, line: l }));
        },
      ),
    );
  });
});
