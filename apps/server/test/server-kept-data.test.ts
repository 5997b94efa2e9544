import { describe, expect, it } from 'vitest';
import { keepServerData } from '../src/documents/document.proposal.ts';

// What only the server's workflow writes survives any save body: approvers, the running approval
// and the ERP integration's record of a send (its key to the ERP's messages per line).
describe('server-kept data', () => {
  it('puts back the stored approvers, approval and ERP record whatever the body says', () => {
    const stored = {
      assignees: [{ _id: '7' }],
      approval: { _id: '9', state: 'manager-approval' },
      _erp: { status: 'failed', attempts: 2, messages: [{ line: 10, text: 'Plant unknown' }] },
      note: 'kept by the client',
    };
    const body: Record<string, unknown> = {
      assignees: [{ _id: '1' }],
      approval: null,
      _erp: { status: 'done', attempts: 0 },
      note: 'changed',
    };
    keepServerData(body, stored);
    expect(body).toEqual({
      assignees: stored.assignees,
      approval: stored.approval,
      _erp: stored._erp,
      note: 'changed',
    });
  });

  it('a new document starts with none of them', () => {
    const body: Record<string, unknown> = { _erp: { status: 'done' }, assignees: [{ _id: '1' }], note: 'x' };
    keepServerData(body, null);
    expect(body).toEqual({ note: 'x' });
  });
});
