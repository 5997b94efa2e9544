import type { DocumentList, DocumentResponse } from '@p2p/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorOf, signIn, type TestApp } from './helpers.ts';

/**
 * Every sourcing transition allowed and refused, per role and state, through the API: at each
 * state of an RFx (and of its requisition and a proposal) every role gets exactly the offers of
 * the table, a role without the offer is refused (409 when it sees the document, 404 when it does
 * not), and the actions of seed 000 section 4 that need a comment refuse to run without one.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const token = async (user: string) => (tokens[user] ??= (await signIn(t.app, user)).token);
const api = async <T = DocumentResponse>(
  user: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
) => call<T>(t.app, method, url, { token: await token(user), ...(body !== undefined ? { body } : {}) });
const get = async (user: string, model: string, id: string) =>
  api(user, 'GET', `/api/purchasing/${model}/${id}`);
const move = (user: string, model: string, doc: DocumentResponse, action: string, comment?: string) =>
  api(user, 'POST', `/api/purchasing/${model}/${doc._id}/workflow`, {
    action,
    _version: doc._version,
    ...(comment ? { comment } : {}),
  });
const moved = async (
  user: string,
  model: string,
  doc: DocumentResponse,
  action: string,
  comment?: string,
) => {
  const res = await move(user, model, doc, action, comment);
  expect(res.status, `${user} ${action}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
};
const save = async (user: string, model: string, doc: DocumentResponse, changes: Record<string, unknown>) => {
  const res = await api(user, 'PUT', `/api/purchasing/${model}/${doc._id}`, { ...doc, ...changes });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const future = `${new Date().getUTCFullYear() + 1}-03-31`;

const ROLES = [
  'admin',
  'manager',
  'buyer',
  'rfx-manager',
  'director',
  'manager-purchasing',
  'auditor',
  'requester',
  'supplier',
] as const;
type Role = (typeof ROLES)[number];
/** The offers of each role; a role absent from a row does not see the document (404). */
type Offers = Partial<Record<Role, string[]>>;

const RUN = ['workflow'];
const SUSPEND = ['suspend-pep', 'suspend-contract', 'suspend-other'];
/** A row: the internal roles that see the RFx but are offered nothing, then the given offers. */
const row = (offers: Offers): Offers => ({ director: [], 'manager-purchasing': [], auditor: [], ...offers });
/** Admin level and the rfx manager (on the RFx, a sourcing document) get every transition of a state. */
const leads = (names: string[]): Offers => ({ admin: names, manager: names, 'rfx-manager': names });
const RFX_OFFERS: Record<string, Offers> = {
  created: row({ ...leads(RUN), buyer: RUN }),
  proposal: row({ ...leads([...RUN, ...SUSPEND]), buyer: RUN }),
  'first-inspection': row({ ...leads(['return-buyer', 'workflow']), buyer: RUN }),
  proposed: row({
    ...leads(['return-to-inspection', 'workflow']),
    buyer: ['return-to-inspection', 'workflow'],
  }),
  'first-approval': row({
    ...leads(['reject-plan', 'workflow']),
    buyer: [],
    director: ['reject-plan', 'workflow'],
    'manager-purchasing': ['reject-plan', 'workflow'],
  }),
  regularization: row({
    ...leads(['return-to-inspection', 'workflow']),
    buyer: ['return-to-inspection', 'workflow'],
  }),
  execution: row({ ...leads([...RUN, ...SUSPEND]), buyer: RUN }),
  'suspended-other': row({ ...leads(RUN), buyer: [] }),
  'final-inspection': row({ ...leads([]), buyer: [] }),
};

/** Every role gets the row's offers, and a transition it is not offered is refused. */
async function expectOffers(model: string, id: string, offers: Offers, probe: string[]) {
  for (const role of ROLES) {
    const read = await get(role, model, id);
    const expected = offers[role];
    if (!expected) {
      expect(read.status, `${role} reads ${model} ${id}`).toBe(404);
      const blind = await api(role, 'POST', `/api/purchasing/${model}/${id}/workflow`, {
        action: probe[0],
        comment: 'x',
      });
      expect(blind.status, `${role} ${probe[0]} unseen`).toBe(404);
      continue;
    }
    expect(read.status, `${role} reads ${model} ${id}`).toBe(200);
    const names = read.body._actions.transitions.filter((o) => !o.disabled).map((o) => o.name);
    expect(names, `${role} in ${read.body._state.current}`).toEqual(expected);
    for (const action of probe.filter((a) => !expected.includes(a))) {
      const refused = await move(role, model, read.body, action, 'A reason.');
      expect(refused.status, `${role} ${action} in ${read.body._state.current}`).toBe(409);
      expect(errorOf(refused.body).key).toBe('workflow.not-available');
    }
  }
}

/** A move that needs a comment is refused without one (400) and changes nothing. */
async function expectCommentRequired(user: string, model: string, doc: DocumentResponse, action: string) {
  const res = await move(user, model, doc, action);
  expect(res.status, action).toBe(400);
  expect(errorOf(res.body).key).toBe('workflow.comment-required');
  expect((await get(user, model, doc._id)).body._version).toBe(doc._version);
}

let alfa: { _id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  const found = await api<{ items: Array<{ _id: string; name: string }> }>(
    'buyer',
    'GET',
    '/api/reference/supplier?q=alfa',
  );
  alfa = { _id: found.body.items[0]!._id, name: found.body.items[0]!.name };
});
afterAll(() => t.close());

const RFX_ACTIONS = ['workflow', 'return-buyer', 'return-to-inspection', 'reject-plan', ...SUSPEND];

describe('the RFx: offers and refusals per role in every state', () => {
  it('walks created -> proposal -> first-inspection -> proposed -> first-approval -> regularization -> execution -> final-inspection', async () => {
    const created = await api('rfx-manager', 'POST', '/api/purchasing/purchase-rfx', {
      description: 'Rules walk',
      rfxType: 'RFQ',
      closingDate: future,
      suppliers: [alfa],
      lines: [{ item: 'MAT-1', quantity: '5', price: '10', tax: { key: 'IVA23' } }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    let rfx = created.body;
    const step = async (state: string, run: () => Promise<DocumentResponse>) => {
      rfx = await run();
      expect(rfx._state.current).toBe(state);
      await expectOffers('purchase-rfx', rfx._id, RFX_OFFERS[state]!, RFX_ACTIONS);
      rfx = (await get('rfx-manager', 'purchase-rfx', rfx._id)).body;
    };
    await expectOffers('purchase-rfx', rfx._id, RFX_OFFERS.created!, RFX_ACTIONS);
    await step('proposal', () => moved('buyer', 'purchase-rfx', rfx, 'workflow'));
    for (const action of SUSPEND) await expectCommentRequired('rfx-manager', 'purchase-rfx', rfx, action);

    // a suspension during proposals resumes into proposals
    await step('suspended-other', () =>
      moved('rfx-manager', 'purchase-rfx', rfx, 'suspend-other', 'Budget review.'),
    );
    rfx = await moved('rfx-manager', 'purchase-rfx', rfx, 'workflow');
    expect(rfx._state.current).toBe('proposal');

    const proposal = (
      await api<DocumentList>('supplier', 'GET', '/api/purchasing/rfx-proposal?l=200')
    ).body.items.find((p) => (p as { rfxNumber?: string }).rfxNumber === rfx.key)!;
    await expectOffers(
      'rfx-proposal',
      proposal._id,
      {
        admin: ['confirm'],
        manager: ['confirm'],
        buyer: [],
        'rfx-manager': [],
        director: [],
        'manager-purchasing': [],
        auditor: [],
        supplier: ['confirm'],
      },
      ['confirm'],
    );
    const full = (await get('supplier', 'rfx-proposal', proposal._id)).body;
    const priced = await save('supplier', 'rfx-proposal', full, {
      lines: full.lines!.map((l) => ({ ...l, price: '9.5' })),
    });
    await moved('supplier', 'rfx-proposal', priced, 'confirm');
    await expectOffers(
      'rfx-proposal',
      proposal._id,
      {
        admin: [],
        manager: [],
        buyer: [],
        'rfx-manager': [],
        director: [],
        'manager-purchasing': [],
        auditor: [],
        supplier: [],
      },
      ['confirm'],
    );

    await step('first-inspection', () => moved('buyer', 'purchase-rfx', rfx, 'workflow'));
    // return-buyer reopens proposals, and the inspection comes back
    rfx = await moved('rfx-manager', 'purchase-rfx', rfx, 'return-buyer');
    expect(rfx._state.current).toBe('proposal');
    rfx = await moved('rfx-manager', 'purchase-rfx', rfx, 'workflow');
    rfx = await save('buyer', 'purchase-rfx', rfx, { award: { proposal: { _id: proposal._id } } });
    await step('proposed', () => moved('buyer', 'purchase-rfx', rfx, 'workflow'));
    await expectCommentRequired('buyer', 'purchase-rfx', rfx, 'return-to-inspection');
    await step('first-approval', () => moved('buyer', 'purchase-rfx', rfx, 'workflow'));
    await expectCommentRequired('director', 'purchase-rfx', rfx, 'reject-plan');
    await step('regularization', () =>
      moved('director', 'purchase-rfx', rfx, 'reject-plan', 'The justification is missing.'),
    );
    await expectCommentRequired('buyer', 'purchase-rfx', rfx, 'return-to-inspection');
    rfx = await moved('buyer', 'purchase-rfx', rfx, 'return-to-inspection', 'Inspect the offer again.');
    expect(rfx._state.current).toBe('first-inspection');
    rfx = await moved('buyer', 'purchase-rfx', rfx, 'workflow');
    rfx = await moved('buyer', 'purchase-rfx', rfx, 'workflow');
    expect(rfx._state.current).toBe('first-approval');
    await step('execution', () => moved('manager-purchasing', 'purchase-rfx', rfx, 'workflow'));
    await step('final-inspection', () => moved('buyer', 'purchase-rfx', rfx, 'workflow'));
  });
});

describe('the requisition: offers and refusals of the sourcing moves', () => {
  it('sends to sourcing from created, rejects the request only with a comment, and again from rfq-rejected', async () => {
    const created = await api('requester', 'POST', '/api/purchasing/requisition', {
      doc: { subtype: 'R001' },
      description: 'Rules requisition',
      lines: [{ item: 'MAT-2', quantity: '3', price: '12.5' }],
    });
    expect(created.status).toBe(200);
    const owner = ['submit-approval', 'workflow'];
    const actions = ['workflow', 'reject-request', 'submit-approval'];
    await expectOffers(
      'requisition',
      created.body._id,
      // the rfx manager shares the requester's group: it reads the requisition, sourcing is not its to start
      row({ admin: owner, manager: owner, buyer: owner, 'rfx-manager': [], requester: owner }),
      actions,
    );
    const rfq = await moved('requester', 'requisition', created.body, 'workflow');
    const rejecters = ['reject-request'];
    await expectOffers(
      'requisition',
      rfq._id,
      row({ ...leads(rejecters), buyer: rejecters, requester: [] }),
      actions,
    );
    await expectCommentRequired('rfx-manager', 'requisition', rfq, 'reject-request');
    const back = await moved(
      'rfx-manager',
      'requisition',
      rfq,
      'reject-request',
      'Use the framework contract.',
    );
    await expectOffers(
      'requisition',
      back._id,
      row({ admin: owner, manager: owner, buyer: owner, 'rfx-manager': [], requester: owner }),
      actions,
    );
    // the comment is on the requisition's timeline
    const timeline = await api('requester', 'GET', `/api/communication/messages/requisition/${back._id}`);
    expect(JSON.stringify(timeline.body)).toContain('Use the framework contract.');
  });
});
