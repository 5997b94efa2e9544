import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers.ts';

/**
 * ERP synchronisation in the demo (the server runs the SAP-shaped simulator on loopback): a buyer
 * sends an order and sees it reach erp-done with its 10-digit key; an order the ERP refuses shows
 * the ERP's message on its line, is corrected and resent; an ihub operator retries a dead message
 * from the monitor and exports the monitor to xlsx.
 */
async function token(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/auth/signin', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

/** An approved P001 order of Alfa Components (made and approved through the API). */
async function approvedOrder(
  request: APIRequestContext,
  description: string,
  price: string,
): Promise<string> {
  const buyer = { authorization: `Bearer ${await token(request, 'buyer')}` };
  const manager = { authorization: `Bearer ${await token(request, 'manager')}` };
  const orders = (await (await request.get('/api/purchasing/order?l=200', { headers: buyer })).json()) as {
    items: Array<{ supplier?: { _id: string; name: string } | null }>;
  };
  const alfa = orders.items.find((o) => o.supplier?.name === 'Alfa Components Lda')!.supplier!;
  const made = await request.post('/api/purchasing/order', {
    headers: buyer,
    data: {
      doc: { subtype: 'P001' },
      description,
      supplier: { _id: alfa._id },
      deliveryDate: '2026-12-15',
      lines: [{ item: 'MAT-1000', description: 'Bolts', quantity: '10', price, tax: { key: 'IVA23' } }],
    },
  });
  expect(made.ok(), await made.text()).toBeTruthy();
  let doc = (await made.json()) as { _id: string; _version: number };
  for (const [headers, action] of [
    [buyer, 'submit-approval'],
    [manager, 'approve'],
  ] as const) {
    const moved = await request.post(`/api/purchasing/order/${doc._id}/workflow`, {
      headers,
      data: { action, _version: doc._version },
    });
    expect(moved.ok(), await moved.text()).toBeTruthy();
    doc = (await (
      await request.get(`/api/purchasing/order/${doc._id}`, { headers: buyer })
    ).json()) as typeof doc;
  }
  return doc._id;
}

async function sendToErp(page: Page) {
  await page.getByTestId('workflow-action-workflow').click();
  await page.getByTestId('workflow-confirm').click();
}

/** The form's state after the integration worked (the page is reloaded until it moves). */
async function waitForState(page: Page, state: string) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('form-state')).toHaveAttribute('data-state', state, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('a buyer sends an order to the ERP and sees erp-done with its key', async ({ page, request }) => {
  const id = await approvedOrder(request, `ERP order ${Date.now()}`, '2.5');
  await signIn(page, 'buyer');
  await page.goto(`/order/${id}`);
  await sendToErp(page);
  await waitForState(page, 'erp-done');
  await expect(page.getByTestId('form-title')).toContainText(/45\d{8}/);
});

test('a refused order shows the ERP message on its line, is corrected and resent', async ({
  page,
  request,
}) => {
  const id = await approvedOrder(request, `ERP refused ${Date.now()}`, '0');
  await signIn(page, 'buyer');
  await page.goto(`/order/${id}`);
  await sendToErp(page);
  await waitForState(page, 'erp-fail');
  const message = page.getByTestId('erp-message').first();
  await expect(message).toContainText('Enter a net price greater than zero');
  await expect(message).toHaveAttribute('data-line', '10');
  await page.getByTestId('action-edit').click();
  await page.locator('#line-0-price').fill('3');
  await page.getByTestId('action-save').click();
  await expect(page.getByTestId('document-form')).toHaveAttribute('data-mode', 'read');
  await sendToErp(page);
  await waitForState(page, 'erp-done');
  await expect(page.getByTestId('erp-messages')).toHaveCount(0);
});

test('an ihub operator retries a dead message from the monitor and exports it to xlsx', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ihub = { authorization: `Bearer ${await token(request, 'ihub-operator')}` };
  const status = (await (await request.get('/api/ihub/status', { headers: ihub })).json()) as {
    target: string;
  };
  // where the integration sends: the demo's simulator on loopback
  expect(status.target).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const simulator = status.target;
  // the ERP is down: the message is retried until it dies
  await request.post(`${simulator}/__sim/faults`, { data: { unavailable: 1_000 } });
  const id = await approvedOrder(request, `ERP dead ${Date.now()}`, '2.5');
  const buyer = { authorization: `Bearer ${await token(request, 'buyer')}` };
  const doc = (await (await request.get(`/api/purchasing/order/${id}`, { headers: buyer })).json()) as {
    _version: number;
  };
  expect(
    (
      await request.post(`/api/purchasing/order/${id}/workflow`, {
        headers: buyer,
        data: { action: 'workflow', to: 'erp', _version: doc._version },
      })
    ).ok(),
  ).toBeTruthy();
  await expect
    .poll(
      async () =>
        (
          (await (await request.get('/api/ihub/tracking/order?status=dead', { headers: ihub })).json()) as {
            items: Array<{ document: { _id: string } | null }>;
          }
        ).items.some((m) => m.document?._id === id),
      { timeout: 60_000 },
    )
    .toBe(true);
  await request.post(`${simulator}/__sim/faults`, { data: { unavailable: 0 } });

  await signIn(page, 'ihub-operator', { landing: '/ihub' });
  await page.goto('/ihub');
  await expect(page.getByTestId('ihub-mode')).toContainText('simulator');
  const row = page
    .getByTestId('ihub-table')
    .locator('tr', { has: page.getByTestId('ihub-retry') })
    .first();
  await row.getByTestId('ihub-retry').click();
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/purchasing/order/${id}`, { headers: buyer })).json()) as {
            _state: { current: string };
          }
        )._state.current,
      { timeout: 30_000 },
    )
    .toBe('erp-done');
  const download = page.waitForEvent('download');
  await page.getByTestId('ihub-export').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});
