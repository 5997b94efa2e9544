import type { DocumentList, DocumentResponse } from '@p2p/domain';
import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import { call } from './helpers.ts';

/**
 * Orders through the real API for the workflow tests: a new P001 order of Alfa Components Lda made
 * by the buyer, and one workflow action at the version the caller holds (asserted to succeed).
 */
export function orderFlow(app: () => App, token: (user: string) => Promise<string> | string) {
  const api = async <T = DocumentResponse>(
    user: string,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
  ) => call<T>(app(), method, url, { token: await token(user), ...(body !== undefined ? { body } : {}) });

  return {
    async newOrder(description: string): Promise<DocumentResponse> {
      const orders = (await api<DocumentList>('buyer', 'GET', '/api/purchasing/order?l=200')).body.items;
      const alfa = orders.find((o) => o.supplier?.name === 'Alfa Components Lda')!.supplier as {
        _id: string;
      };
      const res = await api('buyer', 'POST', '/api/purchasing/order', {
        doc: { subtype: 'P001' },
        description,
        supplier: { _id: alfa._id },
        deliveryDate: '2026-12-15',
        lines: [
          { item: 'MAT-1000', description: 'Bolts', quantity: '10', price: '2.5', tax: { key: 'IVA23' } },
        ],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    },

    async move(user: string, doc: DocumentResponse, action: string, extra: Record<string, unknown> = {}) {
      const res = await api(user, 'POST', `/api/purchasing/order/${doc._id}/workflow`, {
        action,
        _version: doc._version,
        ...extra,
      });
      expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body;
    },
  };
}
