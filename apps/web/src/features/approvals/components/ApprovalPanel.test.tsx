import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type {
  ApiErrorBody,
  ApprovalLevel,
  ApprovalPlan,
  ApprovalView,
  DocumentResponse,
  OkResponse,
} from '@p2p/domain';
import { jsonResponse, renderWithProviders, testUser } from '../../../test/render.tsx';
import { resetSession, startSession } from '../../../lib/session.ts';
import { ApprovalPanel } from './ApprovalPanel.tsx';

const paulo = { _id: 'u-paulo', name: 'Paulo Pereira' };
const diana = { _id: 'u-diana', name: 'Diana Duarte' };
const miguel = { _id: 'u-miguel', name: 'Miguel Moreira' };
const rui = { _id: 'u-rui', name: 'Rui Ribeiro' };

/** A committee level as the server resolves it (ApprovalLevelSchema). */
const committee: ApprovalLevel = {
  index: 0,
  rule: { _id: '11', name: 'Service requisitions committee' },
  kind: 'committee',
  required: 2,
  members: [paulo, diana, miguel],
  decisions: [],
  fallback: false,
  excluded: [rui],
};
const managers: ApprovalLevel = {
  index: 1,
  rule: { _id: '12', name: 'Purchasing Lisboa requisitions' },
  kind: 'role',
  role: 'manager',
  required: 1,
  members: [miguel],
  decisions: [],
  fallback: false,
  excluded: [],
};
const plan: ApprovalPlan = {
  model: 'requisition',
  amount: '1250.00',
  currency: 'EUR',
  documentCurrency: 'EUR',
  rules: [
    {
      _id: '11',
      name: 'Service requisitions committee',
      reasons: [{ condition: 'lineTypes', value: 'service' }],
    },
    { _id: '12', name: 'Purchasing Lisboa requisitions', reasons: [{ condition: 'groups', value: 'g1' }] },
  ],
  levels: [committee, managers],
  fallback: false,
  blocked: false,
};
const running: ApprovalView = {
  _id: 'a1',
  key: 'APP-000007',
  state: 'consulting-approval',
  parent: { _id: '7', model: 'requisition', key: 'PR-000007' },
  current: 0,
  assignees: [diana, miguel, rui],
  levels: [
    {
      ...committee,
      decisions: [
        { user: paulo, decision: 'approve', ts: '2026-07-10T09:30:00.000Z', comment: 'Fine by me' },
      ],
    },
    managers,
  ],
  missing: [diana, miguel],
  consultation: {
    consultant: { _id: 'u1', name: 'Bea Buyer' },
    requestedBy: diana,
    ts: '2026-07-10T10:00:00.000Z',
  },
  opinions: [],
  _version: 3,
};

const fetchMock = vi.fn<typeof fetch>();
const posted = (path: string) =>
  fetchMock.mock.calls
    .filter(([u, i]) => i?.method === 'POST' && new URL(String(u), 'http://x').pathname === path)
    .map(([, i]) => JSON.parse(String(i?.body)) as Record<string, unknown>);

beforeEach(() => {
  resetSession(null);
  startSession('tok', testUser());
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://x').pathname;
    if (path.startsWith('/api/automation/approval-dry-run/') && init?.method === 'POST')
      return jsonResponse(plan);
    if (path === '/api/automation/approval/a1') return jsonResponse(running);
    if (path === '/api/automation/approval/a1/opinion')
      return jsonResponse({ ok: true } satisfies OkResponse);
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

/** A stored requisition as GET /purchasing/requisition/7 answers it (the parts the panel reads). */
const stored = (state: string, extra: Partial<DocumentResponse> = {}): DocumentResponse => ({
  _id: '7',
  key: 'PR-000007',
  model: 'requisition',
  doc: { type: 'requisition', subtype: 'R003' },
  _state: { current: state, readonly: false, created: { ts: '2026-07-01T08:00:00.000Z', user: rui } },
  group: { _id: 'g1', key: 'purchasing-lisboa', name: 'Purchasing Lisboa' },
  updatedAt: '2026-07-01T08:00:00.000Z',
  _version: 2,
  _actions: {
    actions: [],
    transitions:
      state === 'created'
        ? [
            {
              name: 'submit-approval',
              label: 'Submit for approval',
              disabled: false,
              commentRequired: false,
              permission: 'A',
            },
          ]
        : [],
  },
  _permissions: { edit: true, delete: true, duplicate: true },
  ...extra,
});

describe('who will approve', () => {
  it('runs the dry run of the draft being written and tells each level, its rule and why', async () => {
    const draft = {
      doc: { subtype: 'R003' },
      group: { _id: 'g1', name: 'Purchasing Lisboa' },
      lines: [{ type: 'service' }],
      _actions: {},
    };
    renderWithProviders(<ApprovalPanel model="requisition" doc={undefined} draft={draft} mode="create" />);
    expect(await screen.findByText('Service requisitions committee')).toBeTruthy();
    // the draft's own fields only: what the server owns in an answer is not sent
    expect(posted('/api/automation/approval-dry-run/requisition')).toEqual([
      {
        doc: { subtype: 'R003' },
        group: { _id: 'g1', name: 'Purchasing Lisboa' },
        lines: [{ type: 'service' }],
      },
    ]);
    const rules = screen.getAllByTestId('approval-plan-rule').map((r) => r.textContent);
    expect(rules).toEqual([
      'Service requisitions committee: because of line type service',
      'Purchasing Lisboa requisitions: because of group Purchasing Lisboa',
    ]);
    expect(screen.getByTestId('approval-plan-amount').textContent).toBe(
      'Amount judged: 1,250.00 EUR (net value)',
    );
    const levels = screen.getAllByTestId('approval-level');
    expect(levels[0]!.textContent).toContain('Level 1 · Committee: 2 of 3 must approve');
    expect(levels[0]!.textContent).toContain(
      'Left out, since nobody approves their own document: Rui Ribeiro',
    );
    expect(levels[1]!.textContent).toContain('Level 2 · Role: Manager');
    expect(screen.getAllByTestId('approval-member').map((m) => m.textContent)).toEqual([
      'Paulo Pereira',
      'Diana Duarte',
      'Miguel Moreira',
      'Miguel Moreira',
    ]);
  });

  it('judges a stored document as stored while it can be submitted, and not once submitted', async () => {
    const { unmount } = renderWithProviders(
      <ApprovalPanel model="requisition" doc={stored('created')} draft={stored('created')} mode="read" />,
    );
    await screen.findByTestId('approval-plan-rules');
    expect(posted('/api/automation/approval-dry-run/requisition/7')).toEqual([{}]);
    unmount();
    renderWithProviders(<ApprovalPanel model="contract" doc={stored('approval')} draft={{}} mode="read" />);
    expect(screen.queryByTestId('approval-plan')).toBeNull();
  });

  it('shows suppliers nothing', () => {
    resetSession(null);
    startSession(
      'tok',
      testUser({
        role: { key: 'supplier', name: 'Supplier' },
        roles: [],
        supplier: { _id: 's1', name: 'Alfa' },
      }),
    );
    const { container } = renderWithProviders(
      <ApprovalPanel model="order" doc={undefined} draft={{}} mode="create" />,
    );
    expect(container.textContent).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('approval progress', () => {
  it('says who decided and when, who is missing, and who was asked for an opinion', async () => {
    const doc = stored('approval', { approval: { _id: 'a1', state: 'consulting-approval' } });
    renderWithProviders(<ApprovalPanel model="requisition" doc={doc} draft={doc} mode="read" />);
    expect((await screen.findByTestId('approval-progress-state')).textContent).toBe('Waiting for an opinion');
    expect(screen.getByTestId('approval-vote').textContent).toMatch(
      /Paulo Pereira approved on 10-07-2026 \d\d:30.*Fine by me/,
    );
    expect(screen.getByTestId('approval-missing').textContent).toBe(
      'Still missing: Diana Duarte, Miguel Moreira',
    );
    expect(screen.getByTestId('approval-consultation').textContent).toBe(
      'Diana Duarte asked Bea Buyer for an opinion.',
    );
    expect(screen.getByTestId('approval-link').getAttribute('href')).toBe('/approval/a1');
    const [first, second] = screen.getAllByTestId('approval-level');
    expect([first!.dataset.status, second!.dataset.status]).toEqual(['current', 'future']);
  });

  it('lets the colleague asked give the opinion, then thanks them', async () => {
    const doc = { ...stored('consulting-approval'), _id: 'a1', model: 'approval', _version: 3 };
    renderWithProviders(<ApprovalPanel model="approval" doc={doc} draft={doc} mode="read" />);
    const text = await screen.findByLabelText('Your opinion is asked for');
    const give = screen.getByTestId('approval-give-submit');
    expect(give.hasAttribute('disabled')).toBe(true);
    fireEvent.change(text, { target: { value: 'Usual price for this supplier' } });
    fireEvent.click(give);
    await waitFor(() => expect(screen.getByTestId('approval-give-done')).toBeTruthy());
    expect(posted('/api/automation/approval/a1/opinion')).toEqual([
      { comment: 'Usual price for this supplier', _version: 3 },
    ]);
  });
});
