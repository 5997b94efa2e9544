import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers.ts';

/**
 * Import from the ERP on demand (issue 13), in the demo (the server runs the SAP-shaped simulator,
 * seeded with a framework contract and two orders made in SAP itself): an ihub operator imports
 * from the monitor and sees each kind's run come in; the buyer finds the C004 contract and the
 * P999 orders marked 'Imported from ERP'.
 */
async function headers(request: APIRequestContext, username: string) {
  const res = await request.post('/api/auth/signin', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

interface Listed {
  _id: string;
  key: string | null;
  doc: { subtype: string | null };
  _imported?: boolean;
}

async function imported(request: APIRequestContext, model: string, subtype: string): Promise<Listed[]> {
  const res = await request.get(`/api/purchasing/${model}?l=200`, {
    headers: await headers(request, 'buyer'),
  });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { items: Listed[] }).items.filter((d) => d.doc.subtype === subtype);
}

test('an ihub operator imports from the ERP; the buyer sees the C004 contract and P999 orders imported', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // the demo holds C004 contracts and P999 orders of its own: the import's are the new ones
  const before = new Set(
    [...(await imported(request, 'contract', 'C004')), ...(await imported(request, 'order', 'P999'))].map(
      (d) => d._id,
    ),
  );

  await signIn(page, 'ihub-operator', { landing: '/ihub' });
  await page.goto('/ihub');
  await expect(page.getByTestId('ihub-mode')).toHaveText(
    /^Demo mode: ERP simulator — http:\/\/127\.0\.0\.1:\d+$/,
  );
  await page.getByTestId('ihub-import').click();
  await expect(page.getByText(/Imported from ERP: \d+ new/)).toBeVisible({ timeout: 60_000 });
  // each kind's run is a message coming in, done
  const table = page.getByTestId('ihub-table');
  for (const iface of ['supplier.import', 'item.import', 'contract.import', 'order.import'])
    await expect(table.locator('tr', { hasText: iface }).getByTestId('ihub-row-status')).toHaveText('Done');

  const fresh = (docs: Listed[]) => docs.filter((d) => !before.has(d._id));
  const contracts = fresh(await imported(request, 'contract', 'C004'));
  expect(contracts).toHaveLength(1);
  const contract = contracts[0]!;
  expect(contract.key).toMatch(/^46\d{8}$/);
  const orders = fresh(await imported(request, 'order', 'P999'));
  expect(orders.map((o) => o.key)).toEqual([
    expect.stringMatching(/^45\d{8}$/),
    expect.stringMatching(/^45\d{8}$/),
  ]);

  await page.getByTestId('signout').click();
  await signIn(page, 'buyer');
  await page.goto(`/contract/${contract._id}`);
  await expect(page.getByTestId('form-title')).toContainText(contract.key!);
  await expect(page.getByTestId('form-state')).toHaveAttribute('data-state', 'erp-done');
  await expect(page.getByTestId('field-status').locator('[data-status="import"]')).toHaveAttribute(
    'title',
    'Imported from ERP',
  );
  await page.goto(`/order/${orders[0]!._id}`);
  await expect(page.getByTestId('form-title')).toContainText(orders[0]!.key!);
  await expect(page.getByTestId('field-status').locator('[data-status="import"]')).toHaveAttribute(
    'title',
    'Imported from ERP',
  );
});
