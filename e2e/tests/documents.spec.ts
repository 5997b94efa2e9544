import { expect, test, type Page } from '@playwright/test';
import { resetContext, signIn, workIn } from './helpers.ts';

// the buyer's saved working context is the seeded one again after every test
test.afterEach(async ({ request }) => resetContext(request, 'buyer'));

const rows = (page: Page) => page.getByTestId('list-table').getByTestId('table-row');

test("a supplier sees only its own orders, and another supplier's order is not found", async ({ page }) => {
  await signIn(page, 'supplier');
  await page.goto('/order');
  await expect(page.getByTestId('list-title')).toHaveText('Orders');
  await expect(rows(page).first()).toBeVisible();
  // Alfa's 8 orders, of which 4 were sent to it (erp-done, completed, negotiation): drafts,
  // approvals and rejections are not the supplier's to see
  const count = await rows(page).count();
  expect(count).toBe(4);
  for (const text of await rows(page).allInnerTexts()) expect(text).not.toContain('Beta Logistics');
  await expect(page.getByTestId('list-new')).toHaveCount(0);

  // An order of Beta Logistics, looked up as its own supplier, then asked for by Alfa's supplier.
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('p2p.session') ?? '{}') as { token: string }).token,
  );
  const beta = await page.request.post('/api/auth/signin', {
    data: { username: 'supplier2', password: 'P2p-demo-2026!' },
  });
  const betaToken = ((await beta.json()) as { token: string }).token;
  const betaOrders = await page.request.get('/api/purchasing/order', {
    headers: { authorization: `Bearer ${betaToken}` },
  });
  const foreign = ((await betaOrders.json()) as { items: Array<{ _id: string }> }).items[0]!;
  const asAlfa = await page.request.get(`/api/purchasing/order/${foreign._id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(asAlfa.status()).toBe(404);
  await page.goto(`/order/${foreign._id}`);
  await expect(page.getByTestId('document-form')).toHaveCount(0);
});

test('list paging and sorting', async ({ page }) => {
  await signIn(page, 'buyer');
  await workIn(page, 'group-option-all');
  await page.goto('/order');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByTestId('table-count')).toContainText('14');
  // Default sort: descending id.
  const ids = async () => rows(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))));
  const first = await ids();
  expect(first).toEqual([...first].sort((a, b) => b - a));

  await page.getByTestId('table-page-size').selectOption('10');
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByTestId('table-page')).toHaveText('Page 1 of 2');
  await page.getByTestId('page-next').click();
  await expect(page.getByTestId('table-page')).toHaveText('Page 2 of 2');
  await expect(rows(page)).toHaveCount(4);

  // A new sort column resets to page 1, ascending first, then descending on the next click.
  const header = page.locator('th', { has: page.getByTestId('sort-description') });
  await page.getByTestId('sort-description').click();
  await expect(page.getByTestId('table-page')).toHaveText('Page 1 of 2');
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const texts = async () =>
    rows(page).evaluateAll((els) => els.map((e) => e.querySelectorAll('td')[4]?.textContent ?? ''));
  const ascending = await texts();
  await page.waitForTimeout(600); // sort clicks are debounced 500 ms
  await page.getByTestId('sort-description').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(texts).not.toEqual(ascending);
  // Back to the id column: ascending ids from the first page.
  await page.waitForTimeout(600);
  await page.getByTestId('sort-_id').click();
  await expect
    .poll(async () => {
      const now = await ids();
      return now.length > 1 && now.every((v, i) => i === 0 || now[i - 1]! < v);
    })
    .toBe(true);
});

test('a buyer deletes an order to the trash and restores it', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.goto('/order');
  await expect(rows(page).first()).toBeVisible();
  // Order P001 is in state created without an ERP key: deletable.
  const created = rows(page).filter({ hasText: 'P001' }).first();
  const id = await created.getAttribute('data-id');
  await page.goto(`/order/${id}`);
  await page.getByTestId('action-delete').click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(rows(page).first()).toBeVisible();
  await expect(page.locator(`[data-testid=table-row][data-id="${id}"]`)).toHaveCount(0);

  await page.getByTestId('list-trash').click();
  const trashed = page.getByTestId('trash-table').locator(`[data-testid=table-row][data-id="${id}"]`);
  await expect(trashed).toBeVisible();
  await trashed.getByTestId('row-restore').click();
  await expect(trashed).toHaveCount(0);
  await page.getByTestId('list-trash').click();
  await expect(page.locator(`[data-testid=table-row][data-id="${id}"]`)).toBeVisible();
});

test('a requester is refused an edit', async ({ page }) => {
  await signIn(page, 'requester');
  await page.goto('/contract');
  const draft = rows(page).filter({ hasText: 'C003' }).first();
  await expect(draft).toBeVisible();
  const id = await draft.getAttribute('data-id');
  await page.goto(`/contract/${id}`);
  await expect(page.getByTestId('document-form')).toBeVisible();
  await expect(page.getByTestId('action-edit')).toHaveCount(0);

  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('p2p.session') ?? '{}') as { token: string }).token,
  );
  const current = await page.request.get(`/api/purchasing/contract/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const doc = (await current.json()) as Record<string, unknown>;
  const refused = await page.request.put(`/api/purchasing/contract/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { ...doc, description: 'Changed by a requester' },
  });
  expect(refused.status()).toBe(403);
  const body = (await refused.json()) as { message: string; _status: number; data: { errors: unknown[] } };
  expect(body._status).toBe(403);
  expect(body.message).toBeTruthy();
});

test('a buyer creates an order with lines and price conditions and sees the totals', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.goto('/order/new');
  await page.locator('#input-doc-subtype').selectOption('P001');
  await page.locator('#input-description').fill('Hydraulic pump spare parts');
  await page.locator('#input-supplier-name').fill('Alfa');
  await page.getByRole('option', { name: /Alfa Components Lda/ }).click();
  await page.locator('#input-deliveryDate').fill('15-12-2026');

  await page.getByTestId('line-add').click();
  await page.locator('#line-0-item').fill('MAT-0001');
  await page.locator('#line-0-description').fill('Seal kit');
  await page.locator('#line-0-quantity').fill('10');
  await page.locator('#line-0-price').fill('12,5'); // comma becomes dot
  await page.getByTestId('line-conditions-toggle-0').click();
  await page.getByTestId('line-condition-0-RA01').fill('10'); // 10 % discount
  await page.getByTestId('line-condition-0-ZFB1').fill('5'); // 5.00 freight
  await page.locator('#line-0-tax').selectOption('IVA23');

  await page.getByTestId('line-add').click();
  await page.locator('#line-1-item').fill('MAT-0002');
  await page.locator('#line-1-quantity').fill('3');
  await page.locator('#line-1-price').fill('7.333');
  await page.locator('#line-1-tax').selectOption('IVA23');

  // Line 1: gross 125.00, discount 12.50, cost 5.00, net 117.50, tax 27.03 (27.025 rounded half up).
  // Line 2: gross 22.00 (21.999), net 22.00, tax 5.06.
  await expect(page.getByTestId('line-value-0')).toHaveText('144.53');
  await expect(page.getByTestId('total-grossValue')).toHaveText('147.00');
  await expect(page.getByTestId('total-discountValue')).toHaveText('12.50');
  await expect(page.getByTestId('total-costValue')).toHaveText('5.00');
  await expect(page.getByTestId('total-netValue')).toHaveText('139.50');
  await expect(page.getByTestId('total-taxValue')).toHaveText('32.09');
  await expect(page.getByTestId('total-value')).toHaveText('171.59');

  await page.getByTestId('action-save').click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  await expect(page.getByTestId('document-form')).toHaveAttribute('data-mode', 'read');
  // The server recomputes and agrees.
  await expect(page.getByTestId('total-value')).toHaveText('171.59');
  const id = page.url().split('/').pop();
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('p2p.session') ?? '{}') as { token: string }).token,
  );
  const saved = await page.request.get(`/api/purchasing/order/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const doc = (await saved.json()) as { value: string | number; lines: unknown[] };
  expect(Number(doc.value)).toBe(171.59);
  expect(doc.lines).toHaveLength(2);
});

test('a buyer reopens a closed order and gets its deliveries as PDFs', async ({ page }) => {
  // two orders, a workflow step and two PDFs: 55 s of a 60 s budget on a busy machine
  test.setTimeout(120_000);
  await signIn(page, 'buyer');
  // P012 and P008 are orders of the Madrid plant's group: work on all orders
  await workIn(page, 'group-option-all');
  await page.goto('/order');
  const closed = rows(page).filter({ hasText: 'P012' }).first();
  await expect(closed).toBeVisible();
  await closed.click();
  await expect(page.getByTestId('form-state')).toHaveAttribute('data-state', 'closed');
  await expect(page.getByTestId('action-edit')).toHaveCount(0);
  await page.getByTestId('workflow-action-reopen').click();
  await page.getByTestId('workflow-comment').fill('Supplier sent a corrected invoice');
  await page.getByTestId('workflow-confirm').click();
  await expect(page.getByTestId('form-state')).toHaveAttribute('data-state', 'updated');
  await expect(page.getByTestId('action-edit')).toBeVisible();
  await expect(page.getByTestId('timeline-messages')).toContainText('Supplier sent a corrected invoice');

  // P008 ships in two deliveries, each with its own PDF
  await page.goto('/order');
  await rows(page).filter({ hasText: 'P008' }).first().click();
  const pdf = page.waitForResponse((r) => /\/api\/purchasing\/order-pdf\/\d+\/DLV-01/.test(r.url()));
  await page.getByTestId('shipment-pdf-DLV-01').click();
  const res = await pdf;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
});

test('a buyer saves a service contract through the form: the risk fields, business plan and evaluation', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  await page.goto('/contract/new');
  await page.locator('#input-doc-subtype').selectOption('C002');
  await page.locator('#input-description').fill('Facility cleaning 2027');
  await page.locator('#input-supplier-name').fill('Beta');
  await page.getByRole('option', { name: /Beta Logistics SA/ }).click();
  await page.locator('#input-validFrom').fill('01-01-2027');
  await page.locator('#input-validTo').fill('31-12-2027');

  await page.getByTestId('line-add').click();
  await page.locator('#line-0-item').fill('SRV-0300');
  await page.locator('#line-0-description').fill('Cleaning services (monthly)');
  await page.locator('#line-0-type').selectOption('service');
  await page.locator('#line-0-quantity').fill('12');
  await page.locator('#line-0-price').fill('3200');

  // a service line asks for the risk assessment, the business plan and the evaluation
  const risk = page.getByTestId('group-risk');
  if (await risk.getAttribute('data-collapsed')) await risk.getByRole('button', { name: 'Risk' }).click();
  await page.locator('#input-risk-contract').selectOption('2');
  await page.locator('#input-risk-E').selectOption('1');
  await page.locator('#input-risk-HS').selectOption('2');
  await page.locator('#input-risk-gdpr').selectOption('2');
  await page.locator('#input-risk-cyber').selectOption('3');
  await page.locator('#input-businessPlan').fill('Cleaning of the Lisboa plant, five days a week.');
  const evaluation = page.locator('#input-evaluationId');
  const suggested = page.waitForResponse((r) => r.url().includes('/api/purchasing/contract-evaluation?'));
  await evaluation.fill('Yearly');
  await suggested;
  // picked with the keyboard: today a mouse click on this suggestion is lost (the overlay closes on
  // mousedown before the click lands), a defect of the reference field left for the interface-kit work
  await expect(page.getByRole('option', { name: /Yearly evaluation/ })).toBeVisible();
  await evaluation.press('ArrowDown');
  await evaluation.press('Enter');
  await expect(evaluation).toHaveValue(/Yearly evaluation CT-2026-007/);

  await page.getByTestId('action-save').click();
  await expect(page).toHaveURL(/\/contract\/\d+$/);
  await expect(page.getByTestId('document-form')).toHaveAttribute('data-mode', 'read');
  const saved = page.getByTestId('group-risk');
  if (await saved.getAttribute('data-collapsed')) await saved.getByRole('button', { name: 'Risk' }).click();
  await expect(page.getByTestId('field-businessPlan')).toContainText('five days a week');
  await expect(page.getByTestId('field-evaluationId')).toContainText('Yearly evaluation');

  await page.getByTestId('workflow-action-submit-approval').click();
  await page.getByTestId('workflow-confirm').click();
  await expect(page.getByTestId('form-state')).toHaveAttribute('data-state', 'approval');
});
