import { describe, expect, it } from 'vitest';
import { erpEffect } from '../src/erp/erp.effect.ts';
import { DEFAULT_ORG_UNITS } from '../src/erp/erp.config.ts';
import type { WorkflowEffectContext } from '../src/documents/document.workflow-effects.ts';

// A goods receipt of an order the ERP never received (no 10-digit ERP number) cannot be posted
// there: the move to erp queues nothing and the receipt waits for the integration's hand.
describe('the ERP effect on goods receipts', () => {
  const ctx = (order: string) =>
    ({
      trx: null,
      auth: { tokenHash: 'user', domainId: 'acme' },
      model: { name: 'reception' },
      row: { id: '1', model: 'reception', data: { reference: { order } } },
      doc: {},
      move: { action: 'workflow', from: 'created', to: 'erp' },
    }) as unknown as WorkflowEffectContext;

  it('queues nothing for a receipt of an order without an ERP number', async () => {
    expect(await erpEffect(DEFAULT_ORG_UNITS).before!(ctx('PO-000009'))).toBeUndefined();
  });
});
