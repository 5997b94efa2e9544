import { describe, expect, it } from 'vitest';
import { foldDecisions } from '../src/documents/document.workflow-effects.ts';

// Effects of one move each write the document's data from the stored row: the fold keeps every
// effect's own change (a reception received into erp: receiving's status icon and the ERP's record).
describe('the effects of one move, folded', () => {
  const stored = { status: 'ship', note: 'n', old: 1 };

  it("keeps each effect's changed keys, a later change of the same key winning", () => {
    const receiving = { data: { ...stored, status: 'wait', receivedAt: '2026-11-26' } };
    const erp = { data: { ...stored, _erp: { status: 'queued' } } };
    const later = { data: { ...stored, note: 'changed' }, to: 'erp-done' };
    expect(foldDecisions([receiving, undefined, erp, later], stored)).toEqual({
      to: 'erp-done',
      data: { status: 'wait', note: 'changed', old: 1, receivedAt: '2026-11-26', _erp: { status: 'queued' } },
    });
  });

  it('removes a key an effect removed, and leaves the data alone when no effect gave any', () => {
    const { old: _old, ...rest } = stored;
    expect(foldDecisions([{ data: rest }], stored).data).toEqual({ status: 'ship', note: 'n' });
    expect(foldDecisions([{ stay: true }, { notified: true }], stored)).toEqual({
      stay: true,
      notified: true,
    });
  });
});
