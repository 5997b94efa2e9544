import {
  encodeContext,
  HEADERS,
  type ApprovalRule,
  type ApprovalRuleRequest,
  type DocumentList,
  type DocumentResponse,
  type Notification,
  type TimelineResponse,
  type UserContext,
} from '@p2p/domain';
import { expect } from 'vitest';
import { call, signIn, type TestApp } from './helpers.ts';

/** The approval tests' calls through the real API, as the demo users of the 'acme' tenant. */
export function approvalsFlow(t: () => TestApp) {
  const sessions: Record<string, { token: string; user: { _id: string; name: string } }> = {};
  const session = async (u: string) => (sessions[u] ??= await signIn(t().app, u));

  const api = async <T = DocumentResponse>(
    user: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    context?: UserContext,
  ) =>
    call<T>(t().app, method, url, {
      token: (await session(user)).token,
      ...(body !== undefined ? { body } : {}),
      ...(context ? { headers: { [HEADERS.context]: encodeContext(context) } } : {}),
    });

  const ok = async <T>(res: Promise<{ status: number; body: T }>): Promise<T> => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  const me = async (u: string) => (await session(u)).user;

  return {
    api,
    ok,
    me,
    person: async (u: string) => {
      const user = await me(u);
      return { _id: user._id, name: user.name };
    },

    /** A rule of the test, first in order (priority 0), for `subtype` only so it meets no other test. */
    async rule(model: ApprovalRuleRequest['model'], subtype: string, levels: ApprovalRuleRequest['levels']) {
      return ok(
        api<ApprovalRule>('admin', 'POST', '/api/admin/approval-rules', {
          model,
          name: `Test rule ${subtype}`,
          priority: 0,
          conditions: { subtypes: [subtype] },
          levels,
          enabled: true,
        }),
      );
    },

    /** A draft order of Alfa Components Lda made by `user` (about 123 EUR). */
    async order(user: string, subtype: string, description: string): Promise<DocumentResponse> {
      const orders = (await ok(api<DocumentList>('admin', 'GET', '/api/purchasing/order?l=200'))).items;
      const alfa = orders.find((o) => o.supplier?.name === 'Alfa Components Lda')!.supplier as {
        _id: string;
      };
      return ok(
        api(user, 'POST', '/api/purchasing/order', {
          doc: { subtype },
          description,
          supplier: { _id: alfa._id },
          deliveryDate: '2026-12-15',
          lines: [{ item: 'MAT-1000', quantity: '10', price: '10', tax: { key: 'IVA23' } }],
        }),
      );
    },

    move: (user: string, model: string, id: string, action: string, comment?: string) =>
      api(user, 'POST', `/api/purchasing/${model}/${id}/workflow`, {
        action,
        ...(comment !== undefined ? { comment } : {}),
      }),

    timeline: async (user: string, model: string, id: string) =>
      ok(api<TimelineResponse>(user, 'GET', `/api/communication/messages/${model}/${id}`)),

    inbox: async (user: string, link: string) =>
      (await ok(api<Notification[]>(user, 'GET', '/api/communication/notifications'))).filter(
        (n) => n.link === link,
      ),

    /** The ids of `model` documents in the user's 'Assigned to me' list. */
    assigned: async (user: string, model: string) =>
      (
        await ok(
          api<DocumentList>(user, 'GET', `/api/purchasing/${model}?l=200`, undefined, { group: 'assigned' }),
        )
      ).items.map((d) => d._id),
  };
}
