import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers.ts';

/**
 * UNSPSC codes of the ERP link (issue 13): a buyer picks a line's code from the tree; a code the
 * demo maps to no ERP material group (78101800 Road cargo transport) shows the unspsc-fail icon on
 * its line, and the send to the ERP is refused with the seed's message.
 */
const OUT_OF_SCOPE = 'UNSPSC Code outside the scope of integration';

async function headers(request: APIRequestContext, username: string) {
  const res = await request.post('/api/auth/signin', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

type Doc = { _id: string; _version: number; supplier?: { _id: string; name: string } | null };

test('a line whose UNSPSC code maps to no material group cannot be sent to the ERP', async ({
  page,
  request,
}) => {
  const buyer = await headers(request, 'buyer');
  const orders = (await (await request.get('/api/purchasing/order?l=200', { headers: buyer })).json()) as {
    items: Doc[];
  };
  const alfa = orders.items.find((o) => o.supplier?.name === 'Alfa Components Lda')!.supplier!;
  const made = await request.post('/api/purchasing/order', {
    headers: buyer,
    data: {
      doc: { subtype: 'P001' },
      description: `UNSPSC out of scope ${Date.now()}`,
      supplier: { _id: alfa._id },
      deliveryDate: '2026-12-15',
      lines: [
        { item: 'MAT-1000', description: 'Freight', quantity: '1', price: '90', tax: { key: 'IVA23' } },
      ],
    },
  });
  expect(made.ok(), await made.text()).toBeTruthy();
  const id = ((await made.json()) as Doc)._id;

  await signIn(page, 'buyer');
  await page.goto(`/order/${id}/edit`);
  await page.getByTestId('line-0-unspsc-pick').click();
  const picker = page.getByTestId('unspsc-picker');
  await picker.getByTestId('tree-toggle-78000000').click();
  await picker.getByTestId('tree-toggle-78100000').click();
  await picker.getByText('78101800 Road cargo transport').click();
  await expect(page.locator('#line-0-unspsc')).toHaveValue('78101800');
  const cell = page.getByTestId('line-unspsc-0');
  await expect(cell.locator('[data-status="unspsc-fail"]')).toHaveAttribute('title', OUT_OF_SCOPE);
  await page.getByTestId('action-save').click();
  await expect(page.getByTestId('document-form')).toHaveAttribute('data-mode', 'read');
  await expect(cell).toContainText('78101800');
  await expect(cell.locator('[data-status="unspsc-fail"]')).toBeVisible();

  // approved through the API, then the buyer sends it: refused, nothing queued for the ERP
  for (const [who, action] of [
    ['buyer', 'submit-approval'],
    ['manager', 'approve'],
  ] as const) {
    const as = await headers(request, who);
    const doc = (await (await request.get(`/api/purchasing/order/${id}`, { headers: as })).json()) as Doc;
    const moved = await request.post(`/api/purchasing/order/${id}/workflow`, {
      headers: as,
      data: { action, _version: doc._version },
    });
    expect(moved.ok(), await moved.text()).toBeTruthy();
  }
  await page.reload();
  await page.getByTestId('workflow-action-workflow').click();
  await page.getByTestId('workflow-confirm').click();
  await expect(page.getByTestId('form-errors')).toContainText(OUT_OF_SCOPE);
  await expect(page.getByTestId('form-state')).toHaveAttribute('data-state', 'approved');
});
