import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  ApiErrorBody,
  ApprovalDelegation,
  ApprovalRule,
  OkResponse,
  SubtypesResponse,
  UserGroupsResponse,
} from '@p2p/domain';
import { jsonResponse, renderWithProviders, testUser } from '../../../test/render.tsx';
import { resetSession, startSession } from '../../../lib/session.ts';
import { toastStore } from '../../../lib/toasts.ts';
import { ApprovalRulesEditor } from './ApprovalRulesEditor.tsx';
import { DelegationCard } from './DelegationCard.tsx';

const diana = { _id: 'u-diana', name: 'Diana Duarte' };
const rule = (over: Partial<ApprovalRule>): ApprovalRule => ({
  _id: '1',
  model: 'requisition',
  name: 'Rule',
  priority: 10,
  conditions: {},
  levels: [{ kind: 'role', role: 'manager' }],
  enabled: true,
  version: 1,
  updatedAt: '2026-07-01T08:00:00.000Z',
  ...over,
});

let rules: ApprovalRule[];
let delegations: ApprovalDelegation[];
const fetchMock = vi.fn<typeof fetch>();
const sent = (method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([u, i]) => (i?.method ?? 'GET') === method && new URL(String(u), 'http://x').pathname === path)
    .map(([, i]) => (i?.body ? (JSON.parse(String(i.body)) as unknown) : null));

beforeEach(() => {
  resetSession(null);
  startSession(
    'tok',
    testUser({
      role: { key: 'admin', name: 'Administrator' },
      roles: [{ key: 'admin', name: 'Administrator' }],
    }),
  );
  toastStore.set([]);
  rules = [
    rule({
      _id: '1',
      name: 'Service requisitions committee',
      conditions: { lineTypes: ['service'] },
      levels: [{ kind: 'committee', members: [diana, { _id: 'u-m', name: 'Miguel Moreira' }], required: 2 }],
    }),
    rule({
      _id: '2',
      model: 'order',
      name: 'Large orders',
      conditions: { amount: { min: '50000' } },
      levels: [{ kind: 'user', user: diana }],
    }),
  ];
  delegations = [
    {
      _id: '5',
      user: { _id: 'u1', name: 'Bea Buyer' },
      substitute: diana,
      startsOn: '2026-08-01',
      endsOn: '2026-08-15',
    },
  ];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://x').pathname;
    const method = init?.method ?? 'GET';
    if (path === '/api/admin/approval-rules' && method === 'GET') return jsonResponse(rules);
    if (path === '/api/admin/approval-rules' && method === 'POST') {
      const created = rule({ ...(JSON.parse(String(init!.body)) as Partial<ApprovalRule>), _id: '3' });
      rules = [...rules, created];
      return jsonResponse(created);
    }
    if (path === '/api/config/subtype')
      return jsonResponse({ order: [{ key: 'P001', label: 'Standard order' }] } satisfies SubtypesResponse);
    if (path === '/api/profile/user/groups')
      return jsonResponse({ groups: [], organization: [], options: [] } satisfies UserGroupsResponse);
    if (path === '/api/approvals/delegations') return jsonResponse(delegations);
    if (path === '/api/approvals/delegations/5' && method === 'DELETE') {
      delegations = [];
      return jsonResponse({ ok: true } satisfies OkResponse);
    }
    return jsonResponse(
      {
        message: 'Not found',
        key: 'error.not-found',
        _status: 404,
        data: { errors: [] },
      } satisfies ApiErrorBody,
      404,
      'Not Found',
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});

describe('approval rules editor', () => {
  it('lists the rules of each model with their conditions and levels', async () => {
    renderWithProviders(<ApprovalRulesEditor />);
    const row = await screen.findByTestId('approval-rule-row');
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((c) => c.textContent),
    ).toEqual([
      '10',
      'Service requisitions committee',
      'line type service',
      '2 of 2: Diana Duarte, Miguel Moreira',
    ]);
    fireEvent.click(screen.getByText('Order'));
    await waitFor(() =>
      expect(screen.getAllByTestId('approval-rule-row')[0]!.textContent).toContain('Large orders'),
    );
    expect(screen.getByTestId('approval-rule-row').textContent).toContain('net value 50,000.00 to ∞ EUR');
  });

  it('checks a rule with the domain rules before sending it, then saves it', async () => {
    renderWithProviders(<ApprovalRulesEditor />);
    await screen.findByTestId('approval-rule-row');
    fireEvent.click(screen.getByTestId('approval-rule-add'));
    fireEvent.change(screen.getByTestId('approval-rule-name'), { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('approval-rule-save'));
    expect(await screen.findByText('A name is required.')).toBeTruthy();
    expect(sent('POST', '/api/admin/approval-rules')).toEqual([]);
    fireEvent.change(screen.getByTestId('approval-rule-name'), {
      target: { value: 'Catalogue requisitions' },
    });
    fireEvent.change(screen.getByTestId('approval-rule-min'), { target: { value: '1000' } });
    fireEvent.click(screen.getByTestId('approval-rule-save'));
    await waitFor(() => expect(screen.queryByTestId('approval-rule-form')).toBeNull());
    expect(sent('POST', '/api/admin/approval-rules')).toEqual([
      {
        model: 'requisition',
        name: 'Catalogue requisitions',
        priority: 100,
        conditions: { amount: { min: '1000' } },
        levels: [{ kind: 'role', role: 'manager' }],
        enabled: true,
      },
    ]);
    expect(toastStore.get().map((m) => m.detail)).toContain('The rule was saved.');
  });
});

describe('delegation card', () => {
  it("lists the user's substitutes and removes one", async () => {
    renderWithProviders(<DelegationCard />);
    expect((await screen.findByTestId('delegation')).textContent).toContain(
      'Diana Duarte from 01-08-2026 to 15-08-2026',
    );
    expect(screen.getByTestId('delegation-add').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('delegation-remove'));
    expect(await screen.findByTestId('delegation-empty')).toBeTruthy();
    expect(sent('DELETE', '/api/approvals/delegations/5')).toEqual([null]);
  });

  it('is not shown to suppliers', () => {
    resetSession(null);
    startSession(
      'tok',
      testUser({
        role: { key: 'supplier', name: 'Supplier' },
        roles: [],
        supplier: { _id: 's1', name: 'Alfa' },
      }),
    );
    const { container } = renderWithProviders(<DelegationCard />);
    expect(container.textContent).toBe('');
  });
});
