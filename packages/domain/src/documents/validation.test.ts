import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  lineLabel,
  lineRef,
  serviceRequiredFields,
  validateDocument,
  validationNotice,
} from './validation.ts';
import type { DocumentLike, DocUser, FieldConfig, Label, ModelConfig } from './types.ts';

const buyer: DocUser = { _id: 'u1', role: { key: 'buyer' }, roles: [{ key: 'buyer' }] };
const f = (src: string, label: Label, extra: Partial<FieldConfig> = {}): FieldConfig => ({
  src,
  label,
  type: 'text',
  ...extra,
});
const model = (name: string, fields: FieldConfig[]): Pick<ModelConfig, 'name' | 'form'> => ({
  name,
  form: { options: {}, fields, groups: [] },
});
const lineFields = f('lines', 'Lines', {
  type: 'table',
  items: [
    f('item', 'Item', { required: true }),
    f('quantity', 'Quantity', { required: true }),
    f('price', 'Price', { editRoles: 'admin', required: true }),
  ],
});
const orderModel = model('order', [
  f('description', 'Description', { required: true }),
  f('deliveryDate', { en: 'Delivery date', pt: 'Data de entrega' }, { requiredStates: ['approval'] }),
  f('risk.gdpr', 'GDPR risk', { viewConditions: 'hasServiceLines' }),
  lineFields,
]);
const service = { type: 'service', item: 'S-1', quantity: 1 };
const fullRisk = { contract: 1, E: 1, HS: 1, gdpr: 2, cyber: 1 };

describe('validateDocument: field rules', () => {
  it('reports empty required fields with their label', () => {
    const d: DocumentLike = { doc: { type: 'order' }, _state: { current: 'created' }, lines: [] };
    expect(validateDocument(d, orderModel, { user: buyer })).toEqual([
      { field: 'description', message: 'Description is required.' },
    ]);
    expect(validateDocument({ ...d, description: 'x' }, orderModel, { user: buyer })).toEqual([]);
  });

  it('requiredStates follow the state, message and label follow the language', () => {
    const d: DocumentLike = { doc: { type: 'order' }, description: 'x' };
    expect(validateDocument(d, orderModel, { user: buyer, state: 'approval', lang: 'pt' })).toEqual([
      { field: 'deliveryDate', message: 'O campo Data de entrega é obrigatório.' },
    ]);
  });

  it('reports line errors with pos, subpos and key', () => {
    const d: DocumentLike = {
      doc: { type: 'order' },
      description: 'x',
      lines: [
        { item: 'M-1', quantity: 2 },
        { pos: 20, subpos: 1, quantity: '' },
        { key: 'L3', item: 'M-3' },
      ],
    };
    expect(validateDocument(d, orderModel, { user: buyer })).toEqual([
      { field: 'item', line: { pos: 20, subpos: 1, key: '' }, message: 'Item is required.' },
      { field: 'quantity', line: { pos: 20, subpos: 1, key: '' }, message: 'Quantity is required.' },
      { field: 'quantity', line: { pos: 30, subpos: 0, key: 'L3' }, message: 'Quantity is required.' },
    ]);
  });

  it('a read-only document requires nothing', () => {
    expect(validateDocument({}, orderModel, { user: buyer, readonly: true })).toEqual([]);
  });
});

describe('validateDocument: service lines', () => {
  const base = (type: string, extra: DocumentLike = {}): DocumentLike => ({
    doc: { type },
    description: 'x',
    lines: [service],
    ...extra,
  });
  const fieldsOf = (d: DocumentLike, name = d.doc?.type ?? '') =>
    validateDocument(
      d,
      model(name, [f('description', 'Description', { required: true }), f('risk.gdpr', 'GDPR risk')]),
      {
        user: buyer,
      },
    ).map((e) => e.field);

  it('require the risk fields, business plan and evaluation', () => {
    expect(fieldsOf(base('order'))).toEqual([
      'risk.contract',
      'risk.E',
      'risk.HS',
      'risk.gdpr',
      'risk.cyber',
      'businessPlan',
    ]);
    expect(fieldsOf(base('contract', { risk: { ...fullRisk } }))).toEqual(['businessPlan', 'evaluationId']);
    expect(fieldsOf(base('order', { risk: fullRisk, businessPlan: 'bp', evaluationId: 'E1' }))).toEqual([]);
  });

  it('evaluationId is not required when GDPR risk is empty or 1', () => {
    expect(serviceRequiredFields(base('order', { risk: { gdpr: 1 } }))).not.toContain('evaluationId');
    expect(serviceRequiredFields(base('order', { risk: { gdpr: '1' } }))).not.toContain('evaluationId');
    expect(serviceRequiredFields(base('order', { risk: { gdpr: '' } }))).not.toContain('evaluationId');
    expect(serviceRequiredFields(base('order', { risk: { gdpr: 2 } }))).toContain('evaluationId');
    expect(serviceRequiredFields(base('order', { risk: { gdpr: 3 } }))).toContain('evaluationId');
  });

  it('requisitions also need cyberFile unless the cyber risk is empty or 3', () => {
    expect(serviceRequiredFields(base('requisition', { risk: { cyber: 1 } }))).toContain('cyberFile');
    expect(serviceRequiredFields(base('requisition', { risk: { cyber: '2' } }))).toContain('cyberFile');
    expect(serviceRequiredFields(base('requisition', { risk: { cyber: 3 } }))).not.toContain('cyberFile');
    expect(serviceRequiredFields(base('requisition', { risk: { cyber: null } }))).not.toContain('cyberFile');
    expect(serviceRequiredFields(base('order', { risk: { cyber: 1 } }))).not.toContain('cyberFile');
  });

  it('no rule without service lines or outside purchasing documents', () => {
    expect(serviceRequiredFields(base('order', { lines: [{ type: 'material' }] }))).toEqual([]);
    expect(serviceRequiredFields(base('reception'))).toEqual([]);
    expect(serviceRequiredFields({ lines: [service] }, 'requisition')).toContain('risk.cyber');
  });

  it('uses the model label, else a default label; one error per field', () => {
    const errs = validateDocument(
      base('order'),
      model('order', [f('risk.gdpr', 'GDPR', { required: true })]),
      { user: buyer },
    );
    expect(errs.filter((e) => e.field === 'risk.gdpr')).toEqual([
      { field: 'risk.gdpr', message: 'GDPR is required.' },
    ]);
    expect(errs.find((e) => e.field === 'risk.HS')?.message).toBe('Health and safety risk is required.');
  });

  it('property: evaluationId required exactly when gdpr is set and not 1', () => {
    fc.assert(
      fc.property(fc.constantFrom(undefined, null, '', 1, '1', 2, '2', 3), (gdpr) => {
        const req = serviceRequiredFields(base('order', { risk: { gdpr } }));
        const expected = !(gdpr === undefined || gdpr === null || gdpr === '' || gdpr === 1 || gdpr === '1');
        expect(req.includes('evaluationId')).toBe(expected);
      }),
    );
  });
});

describe('validationNotice', () => {
  const errors = [
    { field: 'description', message: 'Description is required.' },
    { field: 'item', line: { pos: 10, subpos: 0, key: 'M-1' }, message: 'Item is required.' },
    { field: 'deliveryDate', message: 'Delivery date is required.' },
    { field: 'quantity', line: { pos: 10, subpos: 0, key: 'M-1' }, message: 'Quantity is required.' },
    { field: 'price', line: { pos: 20, subpos: 1 }, message: 'Price is required.' },
  ];
  it('groups messages by line, prefixed by key and status; warn when keyed', () => {
    expect(validationNotice(errors, { key: '4500000001' }, 'Criado')).toEqual({
      severity: 'warn',
      summary: '4500000001 - Criado',
      messages: [
        'Description is required.',
        'Delivery date is required.',
        'Line 10 (M-1): Item is required. Quantity is required.',
        'Line 20.1: Price is required.',
      ],
      detail:
        'Description is required.\nDelivery date is required.\nLine 10 (M-1): Item is required. Quantity is required.\nLine 20.1: Price is required.',
    });
  });
  it('error without a key', () => {
    const n = validationNotice(errors.slice(0, 1), { key: null }, 'Created');
    expect(n).toMatchObject({ severity: 'error', summary: 'Created', detail: 'Description is required.' });
    expect(validationNotice([], {}, 'Created').messages).toEqual([]);
  });
  it('line labels and refs', () => {
    expect(lineLabel({ key: 'K' })).toBe('Line K');
    expect(lineLabel({})).toBe('Line');
    expect(lineRef({ item: 'A' }, 2)).toEqual({ pos: 30, subpos: 0, key: 'A' });
  });
});
