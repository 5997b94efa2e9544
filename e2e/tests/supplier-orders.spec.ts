import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers.ts';

/**
 * The supplier's side of orders, end to end: the supplier user confirms one order and negotiates
 * another with a comment, then dispatches goods against the confirmed one; the buyer receives the
 * dispatch, and once the ERP has posted it the supplier reads it as dispatched. The two orders are
 * made and released to the supplier (approval, ERP) through the API, as the buyer's side is not
 * what this journey is about.
 */

type Doc = {
  _id: string;
  key: string;
  _version: number;
  _state: { current: string };
  lines?: Array<Record<string, unknown>>;
};

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/auth/signin', { data: { username, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function call(
  request: APIRequestContext,
  username: string,
  method: 'GET' | 'POST',
  url: string,
  data?: unknown,
) {
  const headers = { authorization: `Bearer ${await tokenOf(request, username)}` };
  const res =
    method === 'GET' ? await request.get(url, { headers }) : await request.post(url, { headers, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Doc;
}

/** The document once the ERP integration (the demo's simulator) has taken it out of erp. */
async function afterErp(request: APIRequestContext, model: string, id: string): Promise<Doc> {
  await expect
    .poll(
      async () => (await call(request, 'buyer', 'GET', `/api/purchasing/${model}/${id}`))._state.current,
      {
        timeout: 30_000,
      },
    )
    .toBe('erp-done');
  return call(request, 'buyer', 'GET', `/api/purchasing/${model}/${id}`);
}

/** A P001 order of Alfa Components Lda, approved and confirmed by the ERP: its supplier sees it now. */
async function orderSentToAlfa(request: APIRequestContext, description: string): Promise<Doc> {
  const suppliers = await call(request, 'buyer', 'GET', '/api/reference/supplier?q=Alfa');
  const alfa = (suppliers as unknown as { items: Array<{ _id: string }> }).items[0]!;
  let doc = await call(request, 'buyer', 'POST', '/api/purchasing/order', {
    doc: { subtype: 'P001' },
    description,
    supplier: { _id: alfa._id },
    deliveryDate: '2026-12-15',
    lines: [{ item: 'MAT-1000', description: 'Bolts', quantity: '10', price: '2.5', tax: { key: 'IVA23' } }],
  });
  const move = (user: string, action: string) =>
    call(request, user, 'POST', `/api/purchasing/order/${doc._id}/workflow`, {
      action,
      _version: doc._version,
    });
  doc = await move('buyer', 'submit-approval');
  // orders under 50,000 EUR are approved by a manager (the demo approval rules)
  doc = await move('manager', 'approve');
  doc = await move('buyer', 'workflow');
  // the integration sends it to the ERP, which confirms it with its number
  doc = await afterErp(request, 'order', doc._id);
  expect(doc.key).toMatch(/^45\d{8}$/);
  return doc;
}

test('a supplier confirms one order, negotiates another with a comment and dispatches; the buyer receives it', async ({
  browser,
  request,
}) => {
  const tag = Date.now();
  const toConfirm = await orderSentToAlfa(request, `Bolts to confirm ${tag}`);
  const toNegotiate = await orderSentToAlfa(request, `Bolts to negotiate ${tag}`);
  const supplierContext = await browser.newContext();
  const buyerContext = await browser.newContext();
  const supplier = await supplierContext.newPage();
  const buyer = await buyerContext.newPage();

  // the supplier user confirms the first order
  await signIn(supplier, 'supplier-user');
  await supplier.goto(`/order/${toConfirm._id}`);
  await expect(supplier.getByTestId('form-state')).toHaveAttribute('data-state', 'erp-done');
  await supplier.getByTestId('workflow-action-confirm').click();
  await supplier.getByTestId('workflow-confirm').click();
  await expect(supplier.getByTestId('form-state')).toHaveAttribute('data-state', 'completed');

  // and negotiates the second: the dialog asks for a comment first
  await supplier.goto(`/order/${toNegotiate._id}`);
  await supplier.getByTestId('workflow-action-negotiate').click();
  await expect(supplier.getByTestId('workflow-confirm')).toBeDisabled();
  await expect(supplier.getByTestId('workflow-comment-required')).toBeVisible();
  await supplier.getByTestId('workflow-comment').fill('We can deliver at 2.40 per unit from 500 units.');
  await supplier.getByTestId('workflow-confirm').click();
  await expect(supplier.getByTestId('form-state')).toHaveAttribute('data-state', 'negotiation');
  // nothing to dispatch on an order in negotiation
  await expect(supplier.getByTestId('receiving-dispatch')).toHaveCount(0);

  // the confirmed order takes a dispatch of part of its open quantity
  await supplier.goto(`/order/${toConfirm._id}`);
  await supplier.getByTestId('receiving-dispatch').click();
  const dialog = supplier.getByTestId('receiving-dialog');
  await expect(dialog.getByTestId('receiving-line-10')).toContainText('10.000');
  await dialog.getByTestId('receiving-quantity-10').fill('12');
  await dialog.getByTestId('receiving-submit').click();
  await expect(dialog.getByTestId('receiving-error-10')).toContainText('more than the open quantity 10.000');
  await dialog.getByTestId('receiving-quantity-10').fill('6');
  await dialog.getByTestId('receiving-delivery-note').fill(`DN-${tag}`);
  await dialog.getByTestId('receiving-submit').click();
  await expect(supplier).toHaveURL(/\/reception\/\d+$/);
  const receptionUrl = new URL(supplier.url()).pathname;
  await expect(supplier.getByTestId('form-state')).toHaveAttribute('data-state', 'dispatched');
  await expect(supplier.getByTestId('field-status').locator('[data-status="ship"]')).toBeVisible();
  await expect(supplier.getByTestId('field-deliveryNote')).toContainText(`DN-${tag}`);

  // the buyer receives the dispatch
  await signIn(buyer, 'buyer');
  await buyer.goto(receptionUrl);
  await expect(buyer.getByTestId('form-state')).toHaveAttribute('data-state', 'dispatched');
  await buyer.getByTestId('workflow-action-workflow').click();
  await buyer.getByTestId('workflow-confirm').click();
  await expect(buyer.getByTestId('form-state')).toHaveAttribute('data-state', /^erp(-done)?$/);

  // the ERP posts it: the quantity is received on the order line
  const id = receptionUrl.split('/').pop()!;
  await afterErp(request, 'reception', id);
  const order = await call(request, 'buyer', 'GET', `/api/purchasing/order/${toConfirm._id}`);
  expect(order.lines?.[0]?._cq).toBe('6.000');
  await buyer.reload();
  await expect(buyer.getByTestId('field-status').locator('[data-status="receive"]')).toHaveAttribute(
    'title',
    'Received',
  );

  // the supplier reads the received goods as dispatched (seed 001 section 4.1)
  await supplier.reload();
  await expect(supplier.getByTestId('field-status').locator('[data-status="receive"]')).toHaveAttribute(
    'title',
    'Dispatched',
  );

  await supplierContext.close();
  await buyerContext.close();
});
