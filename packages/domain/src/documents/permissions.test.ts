import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  REASONS,
  actionAllowed,
  availableTransitions,
  canCreate,
  canCreateMultiple,
  canDelete,
  canDuplicate,
  canEdit,
  deleteRoleVerdict,
  deleteVerdict,
  documentActions,
  editVerdict,
  isReadOnly,
  VERDICT_REASONS,
  itemFilterCovers,
  requesterMayEditOrder,
  transitionRoleMatch,
} from './index.ts';
import { DEFAULT_WORKFLOW, DOCUMENT_STATES } from './states.ts';
import type { DocumentLike, DocUser, ModelRules, Workflow } from './types.ts';
import { actsAsSupplier } from '../roles/roles.ts';

const user = (keys: string, extra: Partial<DocUser> = {}): DocUser => {
  const list = keys.split(',').filter(Boolean);
  return { _id: 'u1', role: { key: list[0] ?? '' }, roles: list.map((key) => ({ key })), ...extra };
};
const admin = user('admin');
const manager = user('manager');
const buyer = user('buyer');
const requester = user('requester');
const supplierA = user('supplier', { supplier: { _id: 'S1' } });
const supplierB = user('supplier-user', { supplier: { _id: 'S2' } });

const NOW = Date.parse('2025-06-01T00:00:00Z');
const daysAgo = (d: number) => new Date(NOW - d * 86_400_000).toISOString();

const doc = (state: string, extra: DocumentLike = {}): DocumentLike => ({
  _id: 'd1',
  key: 'ORD-1',
  doc: { type: 'order', subtype: 'P001' },
  _state: { current: state, created: { ts: daysAgo(10) } },
  supplier: { _id: 'S1', name: 'Acme' },
  requester: { _id: 'r1' },
  groups: [{ _id: 'g1' }],
  lines: [],
  ...extra,
});

const orderWorkflow: Workflow = {
  states: [
    { index: 0, label: 'Created', name: 'created' },
    { index: 1, label: 'Updated', name: 'updated', optional: true },
    { index: 2, label: 'Approval', name: 'approval' },
    { index: 3, label: 'Approved', name: 'approved' },
    { index: 4, label: 'Rejected', name: 'rejected', back: true },
    { index: 5, label: 'Negotiation', name: 'negotiation', optional: true },
    { index: 8, label: 'Erp done', name: 'erp-done', lock: true },
    { index: 9, label: 'Completed', name: 'completed', lock: true },
    { index: 10, label: 'Closed', name: 'closed', lock: true },
    { index: 11, label: 'Archived', name: 'archived', hidden: true, lock: true },
  ],
  transitions: [
    {
      name: 'submit-approval',
      from: ['created', 'updated', 'rejected'],
      roles: 'buyer,requester',
      label: 'Submit',
    },
    { name: 'approve', from: ['approval'], roles: 'manager,assigned', label: 'Approve' },
    { name: 'reject', from: ['approval'], roles: 'assigned', label: 'Reject' },
    { name: 'confirm', from: ['erp-done', 'negotiation'], roles: 'supplier,supplier-user,buyer,auditor' },
    { name: 'negotiate', from: ['erp-done'], roles: 'supplier,supplier-user', label: 'Negotiate' },
    { name: 'close', from: ['erp-done', 'completed'], roles: 'buyer', label: 'Close' },
    { name: 'reopen', from: ['closed', 'archived'], roles: 'buyer', label: 'Reopen' },
    { name: 'return-buyer', from: ['approval'], roles: 'manager', label: 'Return' },
    { name: 'edit-notes', from: ['erp-done'], roles: 'buyer', label: 'Edit notes', permission: 'E' },
  ],
};

const names = (d: DocumentLike, u: DocUser, wf: Workflow = orderWorkflow, model?: ModelRules) =>
  availableTransitions(d, wf, u, NOW, model ? { model } : {}).map((t) => t.name);
const offered = (
  d: DocumentLike,
  u: DocUser,
  name: string,
  wf: Workflow = orderWorkflow,
  model?: ModelRules,
) => availableTransitions(d, wf, u, NOW, model ? { model } : {}).find((t) => t.name === name);

const orderModel: ModelRules = {
  name: 'order',
  permissions: {
    editRoles: 'buyer,requester',
    deleteRoles: 'buyer',
    duplicateSubtypes: ['P001', 'P011', 'P013'],
    deleteRequiresNoConsumption: true,
  },
  workflow: orderWorkflow,
  readonly: ['completed', 'closed', 'archived', 'erp-done', 'approved', 'rfq', 'deleted'],
  actions: [
    { name: 'edit', label: 'Edit', permission: 'E' },
    { name: 'delete', label: 'Delete', permission: 'D' },
    // as shipped: a copy only reads this document (R), reopen is a workflow move (A)
    { name: 'duplicate', label: 'Duplicate', permission: 'R' },
    { name: 'favorite', label: 'Favorite', permission: 'R' },
    { name: 'order-pdf', label: 'Order PDF', permission: 'R' },
    { name: 'reopen', label: 'Reopen', permission: 'A' },
    { name: 'print-labels', label: 'Print labels', permission: 'C' },
  ],
};
const requisitionModel: ModelRules = {
  name: 'requisition',
  permissions: { editRoles: 'buyer,requester', deleteRoles: 'buyer,requester' },
  workflow: DEFAULT_WORKFLOW,
  readonly: [],
};
const complaintModel: ModelRules = {
  name: 'complaint',
  permissions: { editRoles: 'buyer,supplier,supplier-user', deleteRoles: 'buyer,supplier,supplier-user' },
  readonly: [],
};
const supplierModel: ModelRules = {
  name: 'supplier',
  permissions: {
    editRoles: 'manager-supplier,supplier,supplier-user',
    deleteRoles: 'manager-supplier,supplier',
  },
};
const chatModel: ModelRules = { name: 'chat', permissions: { editRoles: 'requester,buyer' } };

describe('actionAllowed', () => {
  it('keeps only A and R on read-only documents', () => {
    expect(['A', 'R', 'a', 'r'].map((l) => actionAllowed(l, true))).toEqual([true, true, true, true]);
    expect(['E', 'D', 'C', '', null, undefined].map((l) => actionAllowed(l, true))).toEqual(
      Array(6).fill(false),
    );
    fc.assert(fc.property(fc.option(fc.string()), (l) => actionAllowed(l, false)));
  });
});

describe('transition role match', () => {
  it('admin and manager always match; otherwise the role spec', () => {
    const t = { roles: 'buyer' };
    expect(transitionRoleMatch(t, doc('created'), admin)).toBe(true);
    expect(transitionRoleMatch(t, doc('created'), manager)).toBe(true);
    expect(transitionRoleMatch(t, doc('created'), buyer)).toBe(true);
    expect(transitionRoleMatch(t, doc('created'), requester)).toBe(false);
    expect(transitionRoleMatch(t, doc('created'), null)).toBe(false);
    expect(transitionRoleMatch({ roles: ['auditor', 'buyer'] }, doc('created'), buyer)).toBe(true);
  });
  it("'assigned' matches listed assignees", () => {
    const t = { roles: 'assigned' };
    expect(transitionRoleMatch(t, doc('approval', { assignees: ['u1'] }), requester)).toBe(true);
    expect(transitionRoleMatch(t, doc('approval', { assignees: [{ _id: 'u1' }] }), requester)).toBe(true);
    expect(transitionRoleMatch(t, doc('approval', { assignees: ['u2'] }), requester)).toBe(false);
    expect(transitionRoleMatch(t, doc('approval'), requester)).toBe(false);
  });
  it('negation refuses; rfx-manager matches on sourcing documents', () => {
    expect(transitionRoleMatch({ roles: 'buyer,!auditor' }, doc('created'), user('buyer,auditor'))).toBe(
      false,
    );
    expect(transitionRoleMatch({ roles: '!supplier' }, doc('created'), buyer)).toBe(true);
    expect(transitionRoleMatch({ roles: '' }, doc('created'), buyer)).toBe(false);
    const rfx = user('rfx-manager');
    expect(transitionRoleMatch({ roles: 'buyer' }, doc('created'), rfx, true)).toBe(true);
    expect(transitionRoleMatch({ roles: 'buyer' }, doc('created'), rfx, false)).toBe(false);
  });
});

describe('availableTransitions', () => {
  it('offers transitions whose from-list holds the current state and whose roles match', () => {
    expect(names(doc('created'), buyer)).toEqual(['submit-approval']);
    expect(names(doc('created'), user('auditor'))).toEqual([]);
    expect(names(doc('approval'), manager)).toEqual(['approve', 'reject', 'return-buyer']);
    expect(names(doc('approval', { assignees: ['u1'] }), requester)).toEqual(['approve', 'reject']);
    expect(names(doc('approval'), requester)).toEqual([]);
  });

  it('marks comment-required transitions and carries labels', () => {
    const r = offered(doc('approval'), manager, 'reject');
    expect(r).toMatchObject({
      name: 'reject',
      label: 'Reject',
      disabled: false,
      commentRequired: true,
      permission: 'A',
    });
    expect(offered(doc('erp-done'), buyer, 'confirm')?.label).toBe('confirm');
  });

  it('disables reopen for closed or archived documents created more than 365 days ago', () => {
    expect(
      offered(
        doc('closed', { _state: { current: 'closed', created: { ts: daysAgo(365) } } }),
        buyer,
        'reopen',
      ),
    ).toMatchObject({ disabled: false });
    const old = offered(
      doc('closed', { _state: { current: 'closed', created: { ts: daysAgo(366) } } }),
      buyer,
      'reopen',
    );
    expect(old).toMatchObject({ disabled: true, reason: REASONS.reopenLimit });
    const arch = offered(
      doc('archived', { _state: { current: 'archived', created: { ts: NOW - 400 * 86_400_000 } } }),
      admin,
      'reopen',
    );
    expect(arch?.disabled).toBe(true);
    expect(offered(doc('closed', { _state: { current: 'closed' } }), buyer, 'reopen')?.disabled).toBe(false);
  });

  it('confirm in negotiation: enabled for buyers, disabled for other non-suppliers and for suppliers', () => {
    expect(offered(doc('negotiation'), buyer, 'confirm')?.disabled).toBe(false);
    expect(offered(doc('negotiation'), user('auditor'), 'confirm')).toMatchObject({
      disabled: true,
      reason: REASONS.confirmNegotiation,
    });
    expect(offered(doc('negotiation'), admin, 'confirm')?.disabled).toBe(true);
    expect(offered(doc('negotiation'), supplierA, 'confirm')?.disabled).toBe(true);
    expect(offered(doc('erp-done'), supplierA, 'confirm')?.disabled).toBe(false);
    expect(offered(doc('erp-done'), user('auditor'), 'confirm')?.disabled).toBe(false);
  });

  it("suppliers get confirm and negotiate only on their own supplier's documents", () => {
    expect(names(doc('erp-done'), supplierA)).toEqual(['confirm', 'negotiate']);
    expect(names(doc('erp-done'), supplierB)).toEqual([]);
    expect(names(doc('erp-done', { supplier: 'S2' }), supplierB)).toEqual(['confirm', 'negotiate']);
    expect(names(doc('erp-done', { supplier: null }), supplierA)).toEqual([]);
  });

  it('disables submit-approval for keyed requisitions that are not R002', () => {
    const req = (subtype: string, key: string) =>
      doc('created', { key, doc: { type: 'requisition', subtype } });
    expect(offered(req('R001', '1000000001'), buyer, 'submit-approval')).toMatchObject({
      disabled: true,
      reason: REASONS.keyedRequisition,
    });
    expect(offered(req('R002', '1000000001'), buyer, 'submit-approval')?.disabled).toBe(false);
    expect(offered(req('R001', 'REQ-1'), buyer, 'submit-approval')?.disabled).toBe(false);
    expect(offered(doc('created', { key: '1000000001' }), buyer, 'submit-approval')?.disabled).toBe(false);
  });

  it('disables return-buyer except on sourcing documents', () => {
    expect(offered(doc('approval'), manager, 'return-buyer')).toMatchObject({
      disabled: true,
      reason: REASONS.returnBuyer,
    });
    expect(
      offered(doc('approval', { doc: { type: 'purchase-rfx' } }), manager, 'return-buyer')?.disabled,
    ).toBe(false);
    expect(
      offered(doc('approval', { doc: null }), manager, 'return-buyer', orderWorkflow, {
        name: 'purchase-rfx',
      })?.disabled,
    ).toBe(false);
    expect(
      offered(doc('approval'), manager, 'return-buyer', orderWorkflow, {
        name: 'order',
        permissions: { sourcing: true },
      })?.disabled,
    ).toBe(false);
  });

  it('on a read-only document only A and R transitions remain', () => {
    // erp-done is a locked state: edit-notes (E) goes, close (A by default) stays
    expect(names(doc('erp-done'), buyer)).toEqual(['confirm', 'close']);
    expect(names(doc('created', { _state: { current: 'created', readonly: true } }), buyer)).toEqual([
      'submit-approval',
    ]);
    const wf: Workflow = {
      states: [{ index: 0, label: 'C', name: 'created', lock: true }],
      transitions: [
        { name: 'workflow', from: ['created'], roles: 'buyer', permission: 'E' },
        { name: 'approve', from: ['created'], roles: 'buyer', permission: 'R' },
      ],
    };
    expect(names(doc('created'), buyer, wf)).toEqual(['approve']);
    expect(names(doc('created', { _state: { current: 'created' } }), buyer, { ...wf, states: [] })).toEqual([
      'workflow',
      'approve',
    ]);
  });

  it('property: every offered transition starts from the current state', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DOCUMENT_STATES),
        fc.constantFrom(admin, buyer, requester, supplierA),
        (s, u) => {
          for (const t of availableTransitions(doc(s), orderWorkflow, u, NOW)) {
            const def = orderWorkflow.transitions.find((x) => x.name === t.name);
            expect(def?.from).toContain(s);
            expect(t.disabled).toBe(t.reason !== undefined);
          }
        },
      ),
    );
  });
});

describe('isReadOnly', () => {
  it('locked state, _state flags, model read-only states, completed approval documents', () => {
    expect(isReadOnly(doc('erp-done'), orderWorkflow)).toBe(true);
    expect(isReadOnly(doc('created'), orderWorkflow)).toBe(false);
    expect(isReadOnly(doc('created', { _state: { current: 'created', lock: true } }), orderWorkflow)).toBe(
      true,
    );
    expect(
      isReadOnly(doc('created', { _state: { current: 'created', readonly: true } }), orderWorkflow),
    ).toBe(true);
    expect(isReadOnly(doc('approved'), orderWorkflow)).toBe(false);
    expect(isReadOnly(doc('approved'), orderWorkflow, null, { model: orderModel })).toBe(true);
    expect(isReadOnly(doc('approval', { completed: true }), orderWorkflow)).toBe(true);
    expect(isReadOnly(doc('manager-approval', { completed: true }), orderWorkflow)).toBe(true);
    expect(isReadOnly(doc('approval', { completed: false }), orderWorkflow)).toBe(false);
    expect(isReadOnly(doc('created', { completed: true }), orderWorkflow)).toBe(false);
  });

  it('orders are read-only for requesters outside their group and roles', () => {
    const other = doc('created', { requester: { _id: 'x' }, groups: [{ _id: 'g9' }] });
    expect(isReadOnly(other, orderWorkflow, requester)).toBe(true);
    expect(isReadOnly(other, orderWorkflow, buyer)).toBe(false);
    expect(isReadOnly(other, orderWorkflow, user('requester', { groups: [{ _id: 'g9' }] }))).toBe(false);
    expect(isReadOnly({ ...other, doc: { type: 'requisition' } }, orderWorkflow, requester)).toBe(false);
  });
});

describe('requesterMayEditOrder', () => {
  const base = doc('created', {
    requester: { _id: 'a' },
    recipient: null,
    manager: null,
    groups: [],
    group: null,
  });
  it('shares a group, or is requester, recipient or manager', () => {
    expect(requesterMayEditOrder(base, requester)).toBe(false);
    expect(requesterMayEditOrder({ ...base, requester: 'u1' }, requester)).toBe(true);
    expect(requesterMayEditOrder({ ...base, recipient: { _id: 'u1' } }, requester)).toBe(true);
    expect(requesterMayEditOrder({ ...base, manager: { _id: 'u1' } }, requester)).toBe(true);
    expect(
      requesterMayEditOrder(
        { ...base, groups: [{ _id: 'g1' }] },
        user('requester', { groups: [{ _id: 'g1' }] }),
      ),
    ).toBe(true);
    expect(
      requesterMayEditOrder({ ...base, group: { _id: 'g2' } }, user('requester', { group: { _id: 'g2' } })),
    ).toBe(true);
    expect(requesterMayEditOrder(base, user('requester,buyer'))).toBe(true);
    expect(requesterMayEditOrder(base, null)).toBe(false);
  });
});

describe('canEdit', () => {
  it('is hidden in completed, closed, archived, erp-done, approved, rfq and deleted', () => {
    for (const s of ['completed', 'closed', 'archived', 'erp-done', 'approved', 'rfq', 'deleted'])
      expect(canEdit(doc(s), { name: 'order', permissions: {} }, admin)).toBe(false);
    for (const s of ['created', 'updated', 'rejected', 'approval', 'negotiation', 'erp-fail'])
      expect(canEdit(doc(s), { name: 'order', permissions: {} }, admin)).toBe(true);
  });

  it('keyed requisitions are not editable except R002 in rfq-rejected or updated', () => {
    const req = (subtype: string, state: string, key = '1000000001') =>
      doc(state, { key, doc: { type: 'requisition', subtype } });
    expect(canEdit(req('R001', 'created'), requisitionModel, admin)).toBe(false);
    expect(canEdit(req('R002', 'created'), requisitionModel, admin)).toBe(false);
    expect(canEdit(req('R002', 'updated'), requisitionModel, admin)).toBe(true);
    expect(canEdit(req('R002', 'rfq-rejected'), requisitionModel, admin)).toBe(true);
    expect(canEdit(req('R001', 'updated'), requisitionModel, admin)).toBe(false);
    expect(canEdit(req('R001', 'created', 'REQ-1'), requisitionModel, admin)).toBe(true);
  });

  it('defaults to admin and manager; the model editRoles extend it', () => {
    const plain: ModelRules = { name: 'reception', permissions: {} };
    expect(canEdit(doc('created'), plain, admin)).toBe(true);
    expect(canEdit(doc('created'), plain, manager)).toBe(true);
    expect(canEdit(doc('created'), plain, buyer)).toBe(false);
    expect(canEdit(doc('created'), orderModel, buyer)).toBe(true);
    expect(canEdit(doc('created'), orderModel, user('auditor'))).toBe(false);
    expect(canEdit(doc('created'), orderModel, null)).toBe(false);
  });

  it('suppliers edit only their own documents', () => {
    expect(canEdit(doc('created'), complaintModel, supplierA)).toBe(true);
    expect(canEdit(doc('created'), complaintModel, supplierB)).toBe(false);
    expect(canEdit(doc('created', { _id: 'S2' }), supplierModel, supplierB)).toBe(true);
    expect(canEdit(doc('created', { _id: 'S1' }), supplierModel, supplierB)).toBe(false);
  });

  it("a supplier's own record is the one whose id or supplier reference is their company", () => {
    // the server stores supplier records with their own id and the company as supplier reference
    const record = (supplier: string) => doc('created', { _id: '901', supplier: { _id: supplier } });
    expect(canEdit(record('S2'), supplierModel, supplierB)).toBe(true);
    expect(canEdit(record('S1'), supplierModel, supplierB)).toBe(false);
  });

  it('keeps approved supplier records editable through permissions.editableStates', () => {
    // as shipped in models/supplier.json: 'approved' is neither read-only nor edit-hidden there
    const master: ModelRules = {
      ...supplierModel,
      permissions: { ...supplierModel.permissions, editableStates: ['approved'] },
      readonly: ['completed', 'closed', 'archived', 'erp-done', 'rfq', 'deleted'],
    };
    const approved = (supplier: string) => doc('approved', { _id: '901', supplier: { _id: supplier } });
    expect(canEdit(approved('S1'), master, supplierA)).toBe(true);
    expect(canEdit(approved('S1'), master, user('manager-supplier'))).toBe(true);
    expect(canEdit(approved('S1'), master, admin)).toBe(true);
    // another company's record, a role without edit rights, states not listed
    expect(canEdit(approved('S2'), master, supplierA)).toBe(false);
    expect(canEdit(approved('S1'), master, buyer)).toBe(false);
    expect(canEdit(doc('closed', { supplier: { _id: 'S1' } }), master, supplierA)).toBe(false);
    expect(canEdit(doc('deleted', { supplier: { _id: 'S1' } }), master, admin)).toBe(false);
    // without the list the generic rule hides edit in approved
    expect(canEdit(approved('S1'), { ...master, permissions: supplierModel.permissions }, supplierA)).toBe(
      false,
    );
    // listed but still read-only by the model: read-only wins
    expect(canEdit(approved('S1'), { ...master, readonly: ['approved'] }, supplierA)).toBe(false);
    const withEdit = { ...master, actions: [{ name: 'edit', label: 'Edit', permission: 'E' }] };
    expect(documentActions(approved('S1'), withEdit, supplierA, NOW)).toEqual([
      { name: 'edit', label: 'Edit', permission: 'E', disabled: false },
    ]);
  });

  it('requesters edit orders only when sharing a group or being requester, recipient or manager', () => {
    const other = doc('created', { requester: { _id: 'x' }, groups: [{ _id: 'g9' }] });
    expect(canEdit(other, orderModel, requester)).toBe(false);
    expect(canEdit({ ...other, recipient: { _id: 'u1' } }, orderModel, requester)).toBe(true);
    expect(canEdit(other, orderModel, user('requester', { groups: [{ _id: 'g9' }] }))).toBe(true);
    expect(canEdit(other, orderModel, buyer)).toBe(true);
  });

  it('the chat model has no edit', () => {
    expect(canEdit(doc('created'), chatModel, admin)).toBe(false);
  });
});

describe('canDelete', () => {
  it('only in created, updated, rejected or erp-fail with a key that is not 10 digits', () => {
    for (const s of DOCUMENT_STATES) {
      const expected = ['created', 'updated', 'rejected', 'erp-fail'].includes(s);
      expect(canDelete(doc(s), { name: 'order', permissions: {} }, admin)).toBe(expected);
    }
    expect(canDelete(doc('created', { key: '4500000001' }), { name: 'order', permissions: {} }, admin)).toBe(
      false,
    );
    expect(canDelete(doc('erp-fail', { key: '450000001' }), { name: 'order', permissions: {} }, admin)).toBe(
      true,
    );
  });

  it('line-consuming models refuse delete when a line has _cq', () => {
    const consumed = doc('created', { lines: [{ item: 'A' }, { item: 'B', _cq: 2 }] });
    expect(canDelete(consumed, orderModel, buyer)).toBe(false);
    expect(canDelete(doc('created', { lines: [{ _cq: 0 }] }), orderModel, buyer)).toBe(true);
    expect(canDelete(consumed, { name: 'order', permissions: {} }, admin)).toBe(true);
  });

  it('needs admin level or deleteRoles (default editRoles)', () => {
    expect(canDelete(doc('created'), orderModel, requester)).toBe(false);
    expect(canDelete(doc('created'), orderModel, buyer)).toBe(true);
    expect(
      canDelete(doc('created'), { name: 'x', permissions: { editRoles: 'auditor' } }, user('auditor')),
    ).toBe(true);
    expect(canDelete(doc('created'), { name: 'x', permissions: {} }, buyer)).toBe(false);
  });

  it('suppliers delete only complaint-type documents and their own supplier record', () => {
    expect(canDelete(doc('created'), complaintModel, supplierA)).toBe(true);
    expect(canDelete(doc('created'), complaintModel, supplierB)).toBe(false);
    expect(
      canDelete(doc('created'), { ...orderModel, permissions: { deleteRoles: 'supplier' } }, supplierA),
    ).toBe(false);
    expect(canDelete(doc('created', { _id: 'S1' }), supplierModel, supplierA)).toBe(true);
    expect(canDelete(doc('created', { _id: 'S9', supplier: { _id: 'S9' } }), supplierModel, supplierA)).toBe(
      false,
    );
    expect(
      canDelete(
        doc('created'),
        { name: 'claims', permissions: { complaintType: true, deleteRoles: 'supplier' } },
        supplierA,
      ),
    ).toBe(true);
  });

  it('the chat model has no delete', () => {
    expect(canDelete(doc('created'), chatModel, admin)).toBe(false);
  });
});

describe('canCreate', () => {
  it('admin level or createRoles (default editRoles)', () => {
    expect(canCreate(orderModel, buyer)).toBe(true);
    expect(canCreate(orderModel, user('auditor'))).toBe(false);
    expect(
      canCreate({ name: 'x', permissions: { createRoles: 'auditor', editRoles: 'buyer' } }, user('auditor')),
    ).toBe(true);
    expect(canCreate({ name: 'x', permissions: { createRoles: 'auditor', editRoles: 'buyer' } }, buyer)).toBe(
      false,
    );
    expect(canCreate({ name: 'x' }, manager)).toBe(true);
    expect(canCreate({ name: 'x' }, null)).toBe(false);
  });

  it('suppliers create only in complaint-type models and their own supplier record', () => {
    expect(canCreate(complaintModel, supplierA)).toBe(true);
    expect(canCreate({ ...orderModel, permissions: { editRoles: 'supplier' } }, supplierA)).toBe(false);
    const open = { name: 'supplier', permissions: { createRoles: 'supplier' } };
    expect(canCreate(open, supplierA)).toBe(false);
    expect(canCreate(open, user('supplier'))).toBe(true);
  });

  it('create-multiple is refused on the chat model', () => {
    expect(canCreate(chatModel, requester)).toBe(true);
    expect(canCreateMultiple(chatModel, requester)).toBe(false);
    expect(canCreateMultiple(orderModel, buyer)).toBe(true);
  });
});

describe('canDuplicate', () => {
  it('only subtypes in the model list', () => {
    expect(canDuplicate(doc('closed'), orderModel, buyer)).toBe(true);
    expect(canDuplicate(doc('created', { doc: { type: 'order', subtype: 'P003' } }), orderModel, buyer)).toBe(
      false,
    );
    expect(canDuplicate(doc('created'), { name: 'x', permissions: { editRoles: 'buyer' } }, buyer)).toBe(
      true,
    );
    expect(canDuplicate(doc('created'), orderModel, user('auditor'))).toBe(false);
    expect(canDuplicate(doc('created'), chatModel, admin)).toBe(false);
  });

  it('P011/P013 need exc or cexc and an item filter covering all lines', () => {
    const p11 = doc('created', {
      doc: { type: 'order', subtype: 'P011' },
      lines: [{ item: 'M-1' }, { item: 'M-2' }],
    });
    const exc = (items: string[]) => user('buyer,exc', { filter: { item: items } });
    expect(canDuplicate(p11, orderModel, buyer)).toBe(false);
    expect(canDuplicate(p11, orderModel, exc(['M-1', 'M-2']))).toBe(true);
    expect(canDuplicate(p11, orderModel, exc(['M-1']))).toBe(false);
    expect(canDuplicate(p11, orderModel, exc(['M-*']))).toBe(true);
    expect(canDuplicate(p11, orderModel, user('admin'))).toBe(false);
    expect(
      canDuplicate(
        { ...p11, doc: { subtype: 'P013' } },
        orderModel,
        user('buyer,cexc', { filter: { item: ['M-1', 'M-2'] } }),
      ),
    ).toBe(true);
  });

  it('item filter cover', () => {
    expect(itemFilterCovers([], [])).toBe(true);
    expect(itemFilterCovers(null, [{ item: 'A' }])).toBe(false);
    expect(itemFilterCovers(['A'], [{ item: 'A' }, { type: 'tax' }])).toBe(true);
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }), { maxLength: 5 }), (items) => {
        const lines = items.map((item) => ({ item }));
        expect(itemFilterCovers(items, lines)).toBe(true);
        expect(itemFilterCovers(['*'], lines)).toBe(true);
      }),
    );
  });
});

describe('documentActions', () => {
  const actions = (d: DocumentLike, u: DocUser) => documentActions(d, orderModel, u, NOW).map((a) => a.name);
  it('combines edit/delete/duplicate rules with the permission letters', () => {
    expect(actions(doc('created'), buyer)).toEqual([
      'edit',
      'delete',
      'duplicate',
      'favorite',
      'order-pdf',
      'print-labels',
    ]);
    // a locked state keeps only the letters A and R
    expect(actions(doc('erp-done'), buyer)).toEqual(['duplicate', 'favorite', 'order-pdf']);
    expect(actions(doc('closed'), buyer)).toEqual(['duplicate', 'favorite', 'order-pdf', 'reopen']);
    expect(actions(doc('closed'), supplierA)).toEqual(['favorite', 'order-pdf']);
  });
  it('disables reopen past the limit', () => {
    const old = doc('closed', { _state: { current: 'closed', created: { ts: daysAgo(500) } } });
    expect(documentActions(old, orderModel, buyer, NOW).find((a) => a.name === 'reopen')).toMatchObject({
      disabled: true,
      reason: REASONS.reopenLimit,
    });
  });
});

describe('verdicts with reasons', () => {
  it('refuse edit for the roles (403) before the state (409), with the reason the server answers', () => {
    const foreign = doc('created', { supplier: { _id: 'S2' } });
    expect(editVerdict(foreign, orderModel, supplierA)).toEqual({
      allowed: false,
      status: 403,
      key: 'document.edit-forbidden',
      reason: "You are not allowed to edit documents of model 'order'.",
    });
    const other = doc('created', { requester: { _id: 'someone' }, group: { _id: 'G9' } });
    expect(editVerdict(other, orderModel, user('requester', { groups: [{ _id: 'G1' }] }))).toMatchObject({
      status: 403,
      reason: VERDICT_REASONS.requesterOrder,
    });
    expect(editVerdict(doc('closed'), orderModel, buyer)).toMatchObject({
      status: 409,
      key: 'document.read-only',
      reason: "The document cannot be edited in state 'closed'.",
    });
    expect(editVerdict(doc('created'), orderModel, buyer)).toEqual({ allowed: true });
    // a locked state refuses edit even to admin
    expect(editVerdict(doc('erp-done'), orderModel, admin).allowed).toBe(false);
  });

  it('refuse delete for the roles, then the ERP key, consumption and read-only state', () => {
    expect(deleteVerdict(doc('created'), orderModel, requester)).toMatchObject({ status: 403 });
    expect(deleteVerdict(doc('created', { key: '4500012345' }), orderModel, buyer)).toMatchObject({
      status: 409,
      key: 'document.not-deletable',
    });
    const consumed = doc('created', { lines: [{ pos: 10, _cq: '1' }] });
    expect(deleteVerdict(consumed, orderModel, buyer)).toMatchObject({
      status: 409,
      key: 'document.consumed',
    });
    expect(deleteVerdict(doc('created'), orderModel, buyer)).toEqual({ allowed: true });
    expect(deleteRoleVerdict(doc('created'), orderModel, supplierA)).toMatchObject({
      status: 403,
      reason: "Suppliers cannot delete documents of model 'order'.",
    });
  });

  it('agree with canEdit and canDelete on random documents and users', () => {
    const states = [
      'created',
      'updated',
      'approval',
      'approved',
      'closed',
      'erp-done',
      'rejected',
      'deleted',
    ];
    const roles = ['admin', 'buyer', 'requester', 'supplier', 'auditor', 'buyer,supplier'];
    fc.assert(
      fc.property(
        fc.constantFrom(...states),
        fc.constantFrom(...roles),
        fc.constantFrom('S1', 'S2'),
        fc.boolean(),
        (state, role, supplier, keyed) => {
          const d = doc(state, { supplier: { _id: supplier }, ...(keyed ? { key: '4500000001' } : {}) });
          const u = user(role, { supplier: { _id: 'S1' } });
          const edit = editVerdict(d, orderModel, u);
          const del = deleteVerdict(d, orderModel, u);
          expect(canEdit(d, orderModel, u)).toBe(edit.allowed);
          expect(canDelete(d, orderModel, u)).toBe(del.allowed);
          // a refusal always says why, with a status the server answers as it is
          for (const v of [edit, del]) if (!v.allowed) expect([403, 409]).toContain(v.status);
        },
      ),
    );
  });
});

describe('actsAsSupplier', () => {
  it('is a supplier without an internal view-all role, the same rule for scope and verdicts', () => {
    expect(actsAsSupplier(user('supplier'))).toBe(true);
    expect(actsAsSupplier(user('supplier-user'))).toBe(true);
    expect(actsAsSupplier(user('requester', { _profile: ['supplier'] }))).toBe(true);
    expect(actsAsSupplier(user('buyer,supplier'))).toBe(false);
    expect(actsAsSupplier(user('auditor,supplier-user'))).toBe(false);
    expect(actsAsSupplier(user('buyer'))).toBe(false);
  });
});
