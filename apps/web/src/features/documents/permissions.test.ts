import { describe, expect, it } from 'vitest';
import type { FieldConfig } from '@p2p/domain';
import { testUser } from '../../test/render.tsx';
import { buyer, daysAgo, manager, orderConfig, storedOrder, supplierUser } from './test/order-fixtures.ts';
import { served } from './test/served.ts';
import { allows, canToggle, fieldState, offersAction, stateChanges } from './permissions.ts';

const field = (src: string, type: string, extra: Partial<FieldConfig> = {}): FieldConfig => ({
  src,
  label: src,
  type,
  ...extra,
});
const withReopen = {
  ...orderConfig,
  actions: [
    ...orderConfig.actions,
    { name: 'reopen', label: { en: 'Reopen', pt: 'Reabrir' }, permission: 'A' },
  ],
};

describe("the server's verdicts on a loaded document", () => {
  it('offers edit, delete and duplicate where the model has the action and the server allows it', () => {
    const doc = served(storedOrder('created'), orderConfig, buyer());
    expect(allows(orderConfig, doc, 'edit')).toBe(true);
    expect(allows(orderConfig, doc, 'duplicate')).toBe(true);
    // the server may allow a delete the model does not offer (no delete action)
    expect(
      allows(orderConfig, { ...doc, _permissions: { ...doc._permissions, delete: true } }, 'delete'),
    ).toBe(false);
    expect(
      allows(orderConfig, { ...doc, _permissions: { edit: false, delete: false, duplicate: false } }, 'edit'),
    ).toBe(false);
    expect(offersAction(doc, 'order-pdf')).toBe(true);
    expect(offersAction({ ...doc, _actions: { ...doc._actions, actions: [] } }, 'order-pdf')).toBe(false);
  });

  it("turns the server's transitions and reopen into state changes, labelled in the user's language", () => {
    const approval = served(storedOrder('approval'), orderConfig, manager());
    expect(stateChanges(approval, 'en', 'Reopen').map((o) => [o.name, o.label, o.commentRequired])).toEqual([
      ['approve', 'Approve', false],
      ['reject', 'Reject', true],
    ]);
    const closed = served(
      storedOrder('closed', {
        _state: {
          current: 'closed',
          readonly: true,
          created: { ts: daysAgo(400), user: { _id: 'u1', name: 'B' } },
        },
      }),
      withReopen,
      buyer(),
    );
    expect(stateChanges(closed, 'pt', 'Reabrir')).toEqual([
      {
        name: 'reopen',
        label: 'Reabrir',
        disabled: true,
        reason: 'The document was created more than 365 days ago.',
        commentRequired: false,
        icon: 'pi pi-lock-open',
        reopen: true,
      },
    ]);
    expect(stateChanges(served(storedOrder('closed'), withReopen, supplierUser()), 'en', 'Reopen')).toEqual(
      [],
    );
  });
});

describe('field states on the form', () => {
  const doc = storedOrder('created');

  it('keeps key and subtype for create, server-owned fields read-only, and reports section 5 locks', () => {
    const user = buyer();
    expect(fieldState(field('key', 'key'), doc, user, true, false, orderConfig).editable).toBe(false);
    expect(fieldState(field('doc.subtype', 'select'), doc, user, true, true, orderConfig).editable).toBe(
      true,
    );
    expect(fieldState(field('requester.name', 'user'), doc, user, true, false, orderConfig).editable).toBe(
      false,
    );
    const withContract = { ...doc, reference: { contract: { _id: 'c1' } } };
    const currency = fieldState(field('currency', 'select'), withContract, user, true, false, orderConfig);
    expect(currency.editable).toBe(false);
    expect(currency.lock).toBe('The value comes from the reference contract.');
    expect(fieldState(field('description', 'text'), doc, user, false, false, orderConfig).editable).toBe(
      false,
    );
    expect(
      fieldState(
        field('description', 'text', { viewConditions: "doc.subtype != 'P001'" }),
        doc,
        user,
        false,
        false,
        orderConfig,
      ).visible,
    ).toBe(false);
  });

  it('never lets a user acting as a supplier change the supplier; a buyer who is also a supplier contact may', () => {
    const supplierName = field('supplier.name', 'supplier');
    expect(fieldState(supplierName, doc, supplierUser(), true, false, orderConfig).editable).toBe(false);
    const both = testUser({
      roles: [
        { key: 'buyer', name: 'Buyer' },
        { key: 'supplier', name: 'Supplier' },
      ],
      supplier: { _id: 's1', name: 'ACME' },
    });
    expect(fieldState(supplierName, doc, both, true, false, orderConfig).editable).toBe(true);
  });

  it("offers a list row's enabled switch to users who may edit it and its form field", () => {
    const config = {
      ...orderConfig,
      form: { ...orderConfig.form, fields: [field('enabled', 'switch', { editRoles: 'manager' })] },
    };
    expect(canToggle(manager(), config, doc, 'enabled')).toBe(true);
    expect(canToggle(buyer(), config, doc, 'enabled')).toBe(false);
    const auditor = { key: 'auditor', name: 'Auditor' };
    expect(canToggle(testUser({ role: auditor, roles: [auditor] }), orderConfig, doc, 'enabled')).toBe(false);
  });
});
