import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  APPROVAL_STATES,
  COMMENT_REQUIRED_ACTIONS,
  DEFAULT_WORKFLOW,
  DOCUMENT_STATES,
  RFX_STATES,
  WORKFLOW_ACTIONS,
  commentRequired,
  currentState,
  documentType,
  hasConsumedLines,
  hasServiceLines,
  initialState,
  isApprovalState,
  isEmptyValue,
  isKeyed,
  isLineConsumed,
  refId,
  refIds,
  workflowOf,
} from './states.ts';

describe('states and actions', () => {
  it('lists the 16 document states, the RFx states and the approval states', () => {
    expect(DOCUMENT_STATES).toHaveLength(16);
    expect(new Set(DOCUMENT_STATES).size).toBe(16);
    expect(RFX_STATES).toHaveLength(11);
    expect(RFX_STATES).toContain('suspended-contract');
    expect([...APPROVAL_STATES]).toEqual(['consulting-approval', 'manager-approval', 'approval']);
    expect(isApprovalState('manager-approval')).toBe(true);
    expect(isApprovalState('approved')).toBe(false);
  });

  it('default workflow: created, updated optional, deleted optional; it starts at created', () => {
    expect(DEFAULT_WORKFLOW.states.map((s) => [s.name, !!s.optional])).toEqual([
      ['created', false],
      ['updated', true],
      ['deleted', true],
    ]);
    expect(initialState(DEFAULT_WORKFLOW)).toBe('created');
    expect(initialState({ states: [], transitions: [] })).toBe('created');
    expect(workflowOf({})).toBe(DEFAULT_WORKFLOW);
    expect(currentState({})).toBe('created');
    expect(currentState({ _state: { current: 'approval' } })).toBe('approval');
  });

  it('lists the 21 workflow actions', () => {
    expect(WORKFLOW_ACTIONS).toHaveLength(21);
    expect(new Set(WORKFLOW_ACTIONS).size).toBe(21);
  });

  it('requires a comment exactly for the listed actions', () => {
    expect([...COMMENT_REQUIRED_ACTIONS].sort()).toEqual(
      [
        'reject-plan',
        'reject-close-complaint',
        'reject-return',
        'submit-info',
        'negotiate',
        'reject',
        'return-to-inspection',
        'suspend-contract',
        'suspend-pep',
        'suspend-other',
        'approval-reject',
        'reject-request',
      ].sort(),
    );
    const withComment = WORKFLOW_ACTIONS.filter(commentRequired);
    expect(withComment.sort()).toEqual([...COMMENT_REQUIRED_ACTIONS].sort());
    for (const a of ['approve', 'confirm', 'close', 'workflow', 'approval-approve', 'submit-approval'])
      expect(commentRequired(a)).toBe(false);
    expect(commentRequired(null)).toBe(false);
  });

  it('a key is ERP-synced when it has exactly 10 digits', () => {
    expect(isKeyed('4500000001')).toBe(true);
    expect(isKeyed('0000000001')).toBe(true);
    expect(isKeyed(4500000001)).toBe(true);
    expect(isKeyed('450000000')).toBe(false);
    expect(isKeyed('45000000011')).toBe(false);
    expect(isKeyed('45000000a1')).toBe(false);
    expect(isKeyed(' 4500000001')).toBe(false);
    expect(isKeyed(null)).toBe(false);
    expect(isKeyed('REQ-000001')).toBe(false);
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(isKeyed(s)).toBe(s.length === 10 && [...s].every((c) => c >= '0' && c <= '9'));
      }),
    );
    fc.assert(fc.property(fc.stringMatching(/^\d{10}$/), (s) => isKeyed(s)));
  });
});

describe('readers', () => {
  it('reads reference ids', () => {
    expect(refId('u1')).toBe('u1');
    expect(refId(7)).toBe('7');
    expect(refId({ _id: 'g1', name: 'G' })).toBe('g1');
    expect(refId({ name: 'no id' })).toBeUndefined();
    expect(refId('')).toBeUndefined();
    expect(refIds(['a', { _id: 'b' }, { name: 'x' }])).toEqual(['a', 'b']);
  });

  it('empty values', () => {
    for (const v of [null, undefined, '', '  ', [], {}]) expect(isEmptyValue(v)).toBe(true);
    for (const v of [0, false, 'x', [0], { a: 1 }, new Date(0)]) expect(isEmptyValue(v)).toBe(false);
  });

  it('consumed lines and service lines', () => {
    expect([null, undefined, false, '', 0, '0', '0.000'].map(isLineConsumed)).toEqual(Array(7).fill(false));
    expect([true, 1, '2', '0.001', -1].map(isLineConsumed)).toEqual(Array(5).fill(true));
    expect(hasConsumedLines({ lines: [{ _cq: 0 }, { _cq: '3' }] })).toBe(true);
    expect(hasConsumedLines({ lines: [{}, { _cq: null }] })).toBe(false);
    expect(hasServiceLines({ lines: [{ type: 'material' }, { type: 'service' }] })).toBe(true);
    expect(hasServiceLines({ lines: [{ type: 'tax' }] })).toBe(false);
    expect(hasServiceLines({})).toBe(false);
  });

  it('document type falls back to the model name', () => {
    expect(documentType({ doc: { type: 'order' } }, { name: 'x' })).toBe('order');
    expect(documentType({}, { name: 'complaint' })).toBe('complaint');
    expect(documentType({})).toBe('');
  });
});
