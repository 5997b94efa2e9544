import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/render.tsx';
import type { ModelConfig } from './api/documents.ts';
import { canDelete, canDuplicate, canEdit, fieldState, workflowOffers } from './permissions.ts';

const config = {
  name: 'order',
  list: { options: {}, fields: [] },
  form: { options: {}, fields: [], groups: [] },
  actions: [{ name: 'edit' }, { name: 'delete' }, { name: 'duplicate' }],
  permissions: { editRoles: 'buyer' },
  workflow: {
    states: [
      { index: 0, name: 'created' },
      { index: 1, name: 'approval' },
    ],
    transitions: [{ name: 'submit-approval', label: 'Submit for approval', from: ['created'], roles: 'buyer' }],
  },
  readonly: [],
} as unknown as ModelConfig;
const doc = { _id: '1', doc: { type: 'order', subtype: 'P001' }, _state: { current: 'created' }, lines: [] };

describe('document permissions', () => {
  it('follows the shared rules, and the server verdicts when present', () => {
    const buyer = testUser();
    expect(canEdit(buyer, config, doc)).toBe(true);
    expect(canDelete(buyer, config, doc)).toBe(true);
    expect(canDuplicate(buyer, config, doc)).toBe(true);
    const server = { ...doc, _permissions: { edit: false, delete: false, duplicate: false } };
    expect(canEdit(buyer, config, server)).toBe(false);
    expect(canDelete(buyer, config, server)).toBe(false);
    expect(canDuplicate(buyer, config, server)).toBe(false);
    expect(canEdit(buyer, config, { ...doc, _state: { current: 'closed' } })).toBe(false);
  });

  it('offers transitions from the workflow, or the server _actions when sent', () => {
    expect(workflowOffers(testUser(), config, doc, 'en')).toEqual([{ name: 'submit-approval', label: 'Submit for approval', disabled: false, commentRequired: false }]);
    const server = { ...doc, _actions: [{ name: 'reject', label: { en: 'Reject', pt: 'Rejeitar' }, disabled: false, commentRequired: true }, { name: 'edit' }] };
    expect(workflowOffers(testUser(), config, server, 'pt')).toEqual([{ name: 'reject', label: 'Rejeitar', disabled: false, commentRequired: true }]);
  });

  it('keeps key and subtype for create, server-owned fields read-only and reports section 5 locks', () => {
    const buyer = testUser();
    expect(fieldState({ src: 'key', type: 'key' }, doc, buyer, true, false, null, config).editable).toBe(false);
    expect(fieldState({ src: 'doc.subtype', type: 'select' }, doc, buyer, true, true, null, config).editable).toBe(true);
    expect(fieldState({ src: 'requester.name', type: 'user' }, doc, buyer, true, false, null, config).editable).toBe(false);
    const withContract = { ...doc, reference: { contract: { _id: 'c1' } } };
    const currency = fieldState({ src: 'currency', type: 'select' }, withContract, buyer, true, false, null, config);
    expect(currency.editable).toBe(false);
    expect(currency.lock).toBe('The value comes from the reference contract.');
    expect(fieldState({ src: 'description', type: 'text' }, doc, buyer, false, false, null, config).editable).toBe(false);
    expect(fieldState({ src: 'description', type: 'text', viewConditions: "doc.subtype != 'P001'" }, doc, buyer, false, false, null, config).visible).toBe(false);
  });
});
