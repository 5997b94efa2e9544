import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, resetContext, signIn, workIn } from './helpers.ts';

/**
 * Issue 11: lists keep their place in the url, a drill-down link lists exactly its rows, a dirty
 * form asks before it is left, and a requester's requisition goes to approval with its estimated
 * value (a 0.00 one is refused with the message).
 */

test.afterEach(async ({ request }) => resetContext(request, 'buyer'));

// the first sign-in of a fresh server is slow (demo data, password hashing): warm it up once
test.beforeAll(async ({ request }) => {
  await tokenOf(request, 'buyer');
});

const rows = (page: Page) => page.getByTestId('list-table').getByTestId('table-row');
const rowIds = (page: Page) => rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/auth/signin', { data: { username, password: DEMO_PASSWORD } });
  return ((await res.json()) as { token: string }).token;
}

test('a list keeps page, size and sort in the url through Back and reload', async ({ page }) => {
  await signIn(page, 'buyer');
  await workIn(page, 'group-option-all');
  await page.goto('/order');
  await expect(rows(page).first()).toBeVisible();
  await page.getByTestId('table-page-size').selectOption('10');
  await expect(page).toHaveURL(/[?&]l=10/);
  await page.getByTestId('page-next').click();
  await expect(page).toHaveURL(/[?&]p=2/);
  await expect(page.getByTestId('table-page')).toHaveText(/^Page 2 of \d+$/);
  // the second page of ten: what is left after the first ten (the demo holds 14 orders and more)
  await expect(rows(page).first()).toBeVisible();
  expect(await rows(page).count()).toBeLessThanOrEqual(10);
  const onPage2 = await rowIds(page);

  await rows(page).first().click();
  await expect(page.getByTestId('document-form')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/[?&]p=2/);
  await expect(page.getByTestId('table-page')).toHaveText(/^Page 2 of \d+$/);
  await expect.poll(() => rowIds(page)).toEqual(onPage2);

  await page.reload();
  await expect(page.getByTestId('table-page')).toHaveText(/^Page 2 of \d+$/);
  await expect.poll(() => rowIds(page)).toEqual(onPage2);
  // the sidebar marks the page's own entry on a direct load
  await expect(page.locator('.nav-item--current')).toHaveCount(1);
  await expect(page.locator('.nav-item--current')).toHaveAttribute('href', '/order');
});

test('a drill-down link lists exactly the filtered rows, says so, and clears', async ({ page }) => {
  await signIn(page, 'buyer');
  await workIn(page, 'group-option-all');
  await page.goto('/order');
  await expect(rows(page).first()).toBeVisible();
  // a supplier of the buyer's orders, as a report's drill-down names it
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('p2p.session') ?? '{}') as { token: string }).token,
  );
  const all = await page.request.get('/api/purchasing/order?l=200&s=-_id', {
    headers: { authorization: `Bearer ${token}` },
  });
  const items = ((await all.json()) as { items: Array<{ supplier?: { _id: string } | null }> }).items;
  const supplier = items.find((o) => o.supplier)!.supplier!._id;
  const states = ['created', 'approval', 'rejected', 'completed', 'erp-done'];
  const query = `supplier._id=${supplier}&state=${states.join(',')}&createdFrom=2000-01-01`;

  const listed = page.waitForResponse(
    (r) => r.url().includes('/api/purchasing/order?') && r.url().includes('createdFrom=2000-01-01'),
  );
  await page.goto(`/order?${query}`);
  const answer = await listed;
  const asked = new URL(answer.url()).searchParams;
  expect([asked.get('supplier._id'), asked.get('state'), asked.get('createdFrom')]).toEqual([
    supplier,
    states.join(','),
    '2000-01-01',
  ]);
  const found = (
    (await answer.json()) as {
      items: Array<{ _id: string; supplier: { _id: string }; _state: { current: string } }>;
    }
  ).items;
  expect(found.length).toBeGreaterThan(0);
  for (const o of found) {
    expect(o.supplier._id).toBe(supplier);
    expect(states).toContain(o._state.current);
  }
  await expect(page.getByTestId('list-link-filters')).toBeVisible();
  await expect(page.getByTestId('list-link-filters')).toContainText('2000-01-01');
  await expect(rows(page)).toHaveCount(Math.min(found.length, 30));
  expect((await rowIds(page)).sort()).toEqual(
    found
      .slice(0, 30)
      .map((o) => String(o._id))
      .sort(),
  );

  await page.getByTestId('list-clear-filters').click();
  await expect(page.getByTestId('list-link-filters')).toHaveCount(0);
  await expect(page).toHaveURL(/\/order$/);
});

test('leaving a form with unsaved changes asks first', async ({ page }) => {
  await signIn(page, 'buyer');
  await workIn(page, 'group-option-all');
  await page.goto('/order');
  await page.getByTestId('list-new').click();
  await expect(page.getByTestId('document-form')).toHaveAttribute('data-mode', 'create');
  await page.getByTestId('field-description').locator('input').fill('Not saved yet');

  // another page of the app (the sidebar's Home entry)
  await page.getByTestId('sidebar').getByRole('link', { name: 'Home' }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog.getByTestId('leave-guard-message')).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on the page' }).click();
  await expect(page).toHaveURL(/\/order\/new$/);
  await expect(page.getByTestId('field-description').locator('input')).toHaveValue('Not saved yet');

  // closing the tab: the browser's own question
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.type());
      void d.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
});

test("a requester's requisition with an estimated price goes to approval; 0.00 is refused", async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, 'requester');
  const create = async (price: string) => {
    const res = await request.post('/api/purchasing/requisition', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        doc: { subtype: 'R001' },
        description: `E2E estimated ${price}`,
        deliveryDate: '2026-12-15',
        lines: [{ item: 'MAT-1000', quantity: '2', price }],
      },
    });
    expect(res.status()).toBe(200);
    return (await res.json()) as { _id: string; value: string };
  };
  const priced = await create('45');
  const unpriced = await create('0');
  expect(Number(priced.value)).toBeGreaterThan(0);

  await signIn(page, 'requester');
  // the requester edits the estimated price in the lines editor
  await page.goto(`/requisition/${priced._id}/edit`);
  await expect(page.getByTestId('line-price-0').locator('input')).toBeVisible();
  await page.getByTestId('action-cancel').click();

  await page.getByTestId('workflow-action-submit-approval').click();
  const dialog = page.getByTestId('workflow-dialog');
  await expect(dialog.getByTestId('workflow-value')).toContainText('EUR');
  await expect(dialog.getByTestId('workflow-refusal')).toHaveCount(0);
  await dialog.getByTestId('workflow-confirm').click();
  await expect(page.getByTestId('form-state')).toHaveAttribute('data-state', 'approval');
  await expect(page.getByTestId('action-edit')).toHaveCount(0);

  await page.goto(`/requisition/${unpriced._id}`);
  await page.getByTestId('workflow-action-submit-approval').click();
  const refused = page.getByTestId('workflow-dialog');
  // the requester reads Portuguese: the server's message in their language
  await expect(refused.getByTestId('workflow-refusal')).toContainText(
    'Uma requisição com valor 0,00 não pode ser submetida para aprovação',
  );
  await expect(refused.getByTestId('workflow-confirm')).toBeDisabled();
  const server = await request.post(`/api/purchasing/requisition/${unpriced._id}/workflow`, {
    headers: { authorization: `Bearer ${token}` },
    data: { action: 'submit-approval' },
  });
  expect(server.status()).toBe(400);
  expect(((await server.json()) as { message: string }).message).toContain('0,00');
});
