/** An order model and documents as the server answers them, shared by the documents tests. */
import type { DocumentList, ModelConfigResponse, SessionUser, Workflow } from '@p2p/domain';
import { testUser } from '../../../test/render.tsx';
import type { StoredDocument } from './served.ts';

export const workflow: Workflow = {
  states: [
    { index: 0, name: 'created', label: 'Created' },
    { index: 1, name: 'updated', label: 'Updated', optional: true },
    { index: 2, name: 'approval', label: 'Approval' },
    { index: 3, name: 'approved', label: 'Approved' },
    { index: 4, name: 'rejected', label: 'Rejected', back: true },
    { index: 5, name: 'negotiation', label: 'Negotiation', optional: true },
    { index: 6, name: 'completed', label: 'Completed' },
  ],
  transitions: [
    {
      name: 'submit-approval',
      label: 'Submit for approval',
      from: ['created', 'updated', 'rejected'],
      roles: 'buyer',
    },
    { name: 'approve', label: 'Approve', from: ['approval'], roles: 'manager,assigned' },
    { name: 'reject', label: 'Reject', from: ['approval'], roles: 'manager,assigned' },
    { name: 'confirm', label: 'Confirm', from: ['negotiation'], roles: 'buyer,manager' },
  ],
};

const description = { src: 'description', label: 'Description', type: 'text' };

export const orderConfig: ModelConfigResponse = {
  name: 'order',
  label: 'Orders',
  list: { options: { pageSize: 30, sort: '-_id' }, fields: [description] },
  form: {
    options: { editStart: false },
    fields: [description],
    groups: [{ key: 'general', label: 'General', fields: ['description'] }],
  },
  search: [],
  sort: [],
  actions: [
    { name: 'edit', label: 'Edit', permission: 'E' },
    { name: 'duplicate', label: 'Duplicate', permission: 'C' },
    { name: 'favorite', label: 'Favorite', permission: 'R' },
    { name: 'order-pdf', label: 'Order PDF', permission: 'R' },
  ],
  permissions: { supplierModel: true, editRoles: 'buyer' },
  workflow,
  readonly: [],
  submodels: [],
  _v: 1,
};

export const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();

/** Order 7 (description 'Paper', version 4) in `state`, created 30 days ago. */
export const storedOrder = (state = 'approval', extra: Partial<StoredDocument> = {}): StoredDocument => ({
  _id: '7',
  key: null,
  model: 'order',
  doc: { type: 'order', subtype: 'P001' },
  _state: {
    current: state,
    readonly: false,
    created: { ts: daysAgo(30), user: { _id: 'u1', name: 'Bea Buyer' } },
  },
  updatedAt: daysAgo(1),
  _version: 4,
  description: 'Paper',
  lines: [],
  ...extra,
});

/** One page of a list holding `rows`. */
export const listOf = (...rows: StoredDocument[]): DocumentList => ({
  items: rows,
  options: { count: rows.length, page: 1, pagesize: 30 },
});

const role = (key: string, name: string) => ({ role: { key, name }, roles: [{ key, name }] });
export const buyer = (): SessionUser => testUser();
export const manager = (): SessionUser => testUser(role('manager', 'Manager'));
export const supplierUser = (): SessionUser =>
  testUser({ ...role('supplier', 'Supplier'), supplier: { _id: 's1', name: 'ACME' } });

/** `count` stored order lines of 1 x 2.00 each (positions 10, 20, ...). */
export const orderLines = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    pos: (i + 1) * 10,
    subpos: 0,
    description: `Line ${i + 1}`,
    quantity: '1.000',
    price: '2.00000',
    value: '2.00',
  }));
