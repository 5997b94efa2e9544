import { describe, expect, it } from 'vitest';
import {
  canEditModel,
  canViewModel,
  hasAppAccess,
  hasRole,
  isAdminLevel,
  isIhub,
  isSupplier,
  roleKeys,
} from './roles.ts';
import { groupListOptions } from './group-options.ts';

const user = (...keys: string[]) => ({ role: { key: keys[0] ?? '' }, roles: keys.map((key) => ({ key })) });

describe('role checks', () => {
  it('collects the main role and the role list once', () => {
    expect(roleKeys({ role: { key: 'buyer' }, roles: [{ key: 'buyer' }, { key: 'requester' }] })).toEqual([
      'buyer',
      'requester',
    ]);
    expect(roleKeys(null)).toEqual([]);
  });

  it('accepts comma lists', () => {
    expect(hasRole(user('buyer'), 'admin,buyer')).toBe(true);
    expect(hasRole(user('buyer'), 'admin, manager')).toBe(false);
    expect(hasRole(user('requester', 'buyer'), ['auditor', 'buyer'])).toBe(true);
  });

  it('accepts negation with a leading !', () => {
    expect(hasRole(user('buyer'), '!supplier')).toBe(true);
    expect(hasRole(user('supplier'), '!supplier')).toBe(false);
    expect(hasRole(user('buyer', 'supplier'), 'buyer,!supplier')).toBe(false);
    expect(hasRole(user('buyer'), 'buyer,!supplier')).toBe(true);
  });

  it('never passes an empty spec or a missing user with plain roles', () => {
    expect(hasRole(user('admin'), '')).toBe(false);
    expect(hasRole(null, 'admin')).toBe(false);
    expect(hasRole(user('admin'), ' , ')).toBe(false);
    expect(hasRole(null, '!supplier')).toBe(true);
  });

  it('answers from the spec as it is now: a string read before, a list changed since', () => {
    expect(hasRole(user('buyer'), 'auditor,buyer')).toBe(true);
    expect(hasRole(user('auditor'), 'auditor,buyer')).toBe(true);
    expect(hasRole(user('requester'), 'auditor,buyer')).toBe(false);
    const list = ['auditor'];
    expect(hasRole(user('buyer'), list)).toBe(false);
    list.push('buyer');
    expect(hasRole(user('buyer'), list)).toBe(true);
  });

  it('tells ihub and system users by any of their roles', () => {
    expect(isIhub(user('ihub-operator'))).toBe(true);
    expect(isIhub(user('buyer', 'ihub-operator'))).toBe(true);
    expect(isIhub(user('buyer'))).toBe(false);
    expect(isIhub(null)).toBe(false);
  });

  it('admin level is admin or manager, only admin when strict', () => {
    expect(isAdminLevel(user('admin'))).toBe(true);
    expect(isAdminLevel(user('manager'))).toBe(true);
    expect(isAdminLevel(user('manager'), true)).toBe(false);
    expect(isAdminLevel(user('admin'), true)).toBe(true);
    expect(isAdminLevel(user('buyer'))).toBe(false);
  });

  it('suppliers: role supplier or supplier-user, or a supplier profile', () => {
    expect(isSupplier(user('supplier'))).toBe(true);
    expect(isSupplier(user('supplier-user'))).toBe(true);
    expect(isSupplier({ ...user('requester'), _profile: ['supplier'] })).toBe(true);
    expect(isSupplier(user('buyer'))).toBe(false);
  });

  it('ihub roles and suppliers have no app access; the system user neither', () => {
    expect(isIhub(user('ihub-operator'))).toBe(true);
    expect(hasAppAccess(user('ihub-operator'))).toBe(false);
    expect(hasAppAccess(user('supplier'))).toBe(false);
    expect(hasAppAccess(user('system'))).toBe(false);
    expect(hasAppAccess(user('buyer'))).toBe(true);
    expect(hasAppAccess(null)).toBe(false);
  });

  it('view default: the view-all roles, suppliers on supplier models, others by explicit roles', () => {
    for (const k of [
      'admin',
      'manager',
      'buyer',
      'auditor',
      'director',
      'manager-purchasing',
      'manager-supplier',
    ])
      expect(canViewModel(user(k), {})).toBe(true);
    expect(canViewModel(user('requester'), {})).toBe(false);
    expect(canViewModel(user('requester'), { viewRoles: 'requester' })).toBe(true);
    expect(canViewModel(user('supplier'), {})).toBe(false);
    expect(canViewModel(user('supplier'), { supplierModel: true })).toBe(true);
  });

  it('edit default: admin and manager only', () => {
    expect(canEditModel(user('admin'), {})).toBe(true);
    expect(canEditModel(user('manager'), {})).toBe(true);
    expect(canEditModel(user('buyer'), {})).toBe(false);
    expect(canEditModel(user('buyer'), { editRoles: 'buyer' })).toBe(true);
  });
});

describe('group list options', () => {
  const g = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ _id: `g${i}`, key: `G${i}`, name: `Group ${i}` }));
  const keys = (u: Parameters<typeof groupListOptions>[0], s = {}) =>
    groupListOptions(u, s).options.map((o) => o.key);

  it("'All' for buyer, auditor, director, manager-purchasing, manager-supplier", () => {
    for (const k of ['buyer', 'auditor', 'director', 'manager-purchasing', 'manager-supplier'])
      expect(keys(user(k))).toContain('all');
    expect(keys(user('requester'))).not.toContain('all');
  });

  it("'Created by me' always, 'All groups' with more than one group", () => {
    expect(keys(user('requester'))).toEqual(['contracts-managed', 'created-by-me']);
    expect(keys({ ...user('requester'), groups: g(2) })).toContain('all-groups');
    expect(keys({ ...user('requester'), groups: g(1) })).not.toContain('all-groups');
  });

  it("'My Plants' needs filterData true and a plant filter", () => {
    expect(keys({ ...user('director'), filterData: true, filter: { plant: ['P1'] } })).toContain('my-plants');
    expect(keys({ ...user('director'), filterData: false, filter: { plant: ['P1'] } })).not.toContain(
      'my-plants',
    );
    expect(keys({ ...user('director'), filterData: true, filter: { plant: [] } })).not.toContain('my-plants');
  });

  it("'Assigned to me' for cst when required; ltd (when required) loses contracts, plants and groups", () => {
    expect(keys(user('cst'), { cstRequired: true })).toContain('assigned');
    expect(keys(user('cst'))).not.toContain('assigned');
    const ltd = { ...user('ltd'), groups: g(2), filterData: true, filter: { plant: ['P1'] } };
    const limited = groupListOptions(ltd, { ltdRequired: true });
    expect(limited.options.map((o) => o.key)).toEqual(['all-groups', 'created-by-me']);
    expect(limited.showGroups).toBe(false);
    expect(groupListOptions(ltd).showGroups).toBe(true);
  });

  it('uses the labels of the specification', () => {
    const labels = groupListOptions({
      ...user('buyer'),
      groups: g(3),
      filterData: true,
      filter: { plant: ['x'] },
    }).options.map((o) => o.label);
    expect(labels).toEqual(['All', 'Contracts managed by me', 'My Plants', 'All groups', 'Created by me']);
  });
});
