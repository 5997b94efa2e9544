import { describe, expect, it } from 'vitest';
import { WORKFLOW_ACTIONS } from '../documents/states.ts';
import type { Workflow } from '../documents/types.ts';
import { walkModels, walkWorkflow, workflowGaps, type WalkModel } from './reachability.ts';

const NOW = new Date('2026-03-01T00:00:00Z');

const states = (...names: string[]): Workflow['states'] =>
  names.map((name, index) => ({ index, name, label: name }));

const model = (name: string, workflow: Workflow, extra: Partial<WalkModel> = {}): WalkModel => ({
  name,
  workflow,
  readonly: [],
  permissions: { editRoles: 'buyer', deleteRoles: 'buyer' },
  actions: [],
  ...extra,
});

describe('walkWorkflow', () => {
  it('follows configured transitions, saves and deletes from the start state', () => {
    const walked = walkWorkflow(
      model('order', {
        states: states('created', 'updated', 'approval', 'approved', 'closed', 'deleted', 'orphan'),
        transitions: [
          { name: 'submit-approval', from: ['created', 'updated'], to: 'approval', roles: 'buyer' },
          { name: 'approve', from: ['approval'], to: 'approved', roles: 'director' },
          { name: 'close', from: ['approved'], to: 'closed', roles: 'buyer' },
        ],
      }),
      { now: NOW },
    );
    expect(walked.start).toBe('created');
    expect(walked.unreachable).toEqual(['orphan']);
    expect(walked.actions).toEqual(['approve', 'close', 'submit-approval']);
    expect(walked.paths.get('closed')?.map((m) => `${m.action}:${m.role}`)).toEqual([
      'submit-approval:admin',
      'approve:admin',
      'close:admin',
    ]);
    expect(walked.paths.get('updated')?.[0]).toMatchObject({ action: 'save', from: 'created' });
    expect(walked.paths.get('deleted')?.[0]).toMatchObject({ action: 'delete', from: 'created' });
  });

  it('counts only the roles given, and the rules of the domain (a supplier on its own document)', () => {
    const wf: Workflow = {
      states: states('created', 'erp-done', 'completed'),
      transitions: [
        { name: 'workflow', from: ['created'], to: 'erp-done', roles: 'buyer' },
        { name: 'confirm', from: ['erp-done'], to: 'completed', roles: 'supplier' },
      ],
    };
    const m = model('order', wf, { permissions: { editRoles: 'buyer', supplierModel: true } });
    expect(walkWorkflow(m, { roles: ['buyer', 'supplier'], now: NOW }).unreachable).toEqual([]);
    expect(walkWorkflow(m, { roles: ['buyer'], now: NOW }).unreachable).toEqual(['completed']);
    expect(walkWorkflow(m, { roles: ['requester'], now: NOW }).unreachable).toEqual([
      'erp-done',
      'completed',
    ]);
  });

  it('does not walk a disabled offer: return-buyer outside sourcing models', () => {
    const wf: Workflow = {
      states: states('created', 'returned'),
      transitions: [{ name: 'return-buyer', from: ['created'], to: 'returned', roles: 'buyer' }],
    };
    const plain = walkWorkflow(model('requisition', wf), { now: NOW });
    expect(plain.unreachable).toEqual(['returned']);
    expect(plain.neverOffered).toEqual(['return-buyer from created']);
    expect(walkWorkflow(model('purchase-rfx', wf), { now: NOW }).unreachable).toEqual([]);
  });

  it('tells two transitions of one name apart by their target, and reports those it cannot', () => {
    const walked = walkWorkflow(
      model('x', {
        states: states('created', 'a', 'b', 'c'),
        transitions: [
          { name: 'workflow', from: ['created'], to: 'a', roles: 'buyer' },
          // the call names the target (WorkflowRequest.to): both are reached
          { name: 'workflow', from: ['created'], to: 'b', roles: 'buyer' },
          { name: 'close', from: ['a'], to: 'c', roles: 'buyer' },
          { name: 'close', from: ['a'], to: 'c', roles: 'director' },
          { name: 'close', from: ['b'], roles: 'buyer' },
        ],
      }),
      { now: NOW },
    );
    expect(walked.ambiguous).toEqual(['close from a']);
    expect(walked.targetless).toEqual(['close from b']);
    expect(walked.unreachable).toEqual([]);
  });

  it('reaches updated by reopen only with the model action, and names an unconfigured target', () => {
    const wf: Workflow = {
      states: states('created', 'closed'),
      transitions: [{ name: 'close', from: ['created'], to: 'closed', roles: 'buyer' }],
    };
    // buyers may neither edit nor delete here: only the reopen action can reach 'updated'
    const rules = { permissions: { editRoles: 'buyer', deleteRoles: 'director' } };
    const without = walkWorkflow(model('x', wf, { ...rules, readonly: ['created'] }), {
      roles: ['buyer'],
      now: NOW,
    });
    expect(without.undeclared).toEqual([]);
    const reopening = walkWorkflow(
      model('x', wf, { ...rules, readonly: ['created'], actions: [{ name: 'reopen', permission: 'A' }] }),
      { roles: ['buyer'], now: NOW },
    );
    expect(reopening.undeclared).toEqual(['updated']);
    expect(reopening.paths.get('updated')?.at(-1)).toMatchObject({ action: 'reopen', from: 'closed' });
  });
});

describe('walkModels and workflowGaps', () => {
  const wf: Workflow = {
    states: states('created', 'approval', 'lost'),
    transitions: [{ name: 'submit-approval', from: ['created'], to: 'approval', roles: 'buyer' }],
  };
  const typed = model('order', wf, { subtypes: [{ key: 'P001' }, { key: 'P002' }] });

  it('walks each subtype once', () => {
    expect(walkModels([typed], { now: NOW }).map((r) => r.subtype)).toEqual(['P001', 'P002']);
    expect(walkModels([model('plain', wf)], { now: NOW }).map((r) => r.subtype)).toEqual([null]);
  });

  it('lists a finding of every subtype once, and every seed action no workflow offers', () => {
    const gaps = workflowGaps([typed], { now: NOW });
    expect(gaps[0]).toBe("order (every subtype): state 'lost' is unreachable from 'created'");
    const unused = gaps.filter((g) => g.startsWith('action '));
    expect(unused).toHaveLength(WORKFLOW_ACTIONS.length - 1);
    expect(unused.some((g) => g.includes("'submit-approval'"))).toBe(false);
  });
});
