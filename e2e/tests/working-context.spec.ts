import { expect, test } from '@playwright/test';
import { listCount, resetContext, signIn, workIn as pick } from './helpers.ts';

test.afterEach(async ({ request }) => {
  await resetContext(request, 'buyer');
});

/** The working context of the group drawer filters the lists, and the home page switches domain. */

test("the buyer's order list follows the group, 'All' and 'Created by me'", async ({ page }) => {
  await signIn(page, 'buyer');
  await page.goto('/order');
  // the buyer works in Purchasing Lisboa: the orders of the Madrid plant's group are not listed
  const lisboa = await listCount(page);
  const rows = page.getByTestId('list-table').getByTestId('table-row');
  await expect(rows.filter({ hasText: 'Madrid' })).toHaveCount(0);

  await pick(page, 'group-option-all');
  await expect.poll(() => listCount(page)).toBeGreaterThan(lisboa);
  const all = await listCount(page);

  await pick(page, 'group-option-created-by-me');
  await expect(page.getByTestId('group-button')).toHaveText('Created by me');
  await expect.poll(() => listCount(page)).toBeLessThan(all);

  // a location narrows to the documents delivered there
  await page.getByTestId('group-button').click();
  await page.getByTestId('group-mode-locations').click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/profile/user/config'));
  await page.getByTestId('location-entry-porto-wh').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('group-drawer')).toBeHidden();
  await expect(page.getByTestId('table-empty')).toBeVisible();

  await pick(page, 'group-option-all');
  await expect.poll(() => listCount(page)).toBe(all);
});

test('the buyer switches to the other domain from the home page; the requester is told and stays', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  await expect(page.getByTestId('header-logo')).toHaveAttribute('src', /acme/);
  const switched = page.waitForResponse((r) => r.url().endsWith('/api/profile/user/config'));
  await page.getByTestId('home-domains').getByTestId('domain-globex').click();
  expect((await switched).status()).toBe(200);
  await expect(page.getByTestId('header-logo')).toHaveAttribute('src', /globex/);
  await expect(page.getByText('You are now working in Globex Corporation.')).toBeVisible();
  // the next calls go to the other domain with its own session
  const next = page.waitForRequest((r) => r.url().includes('/api/purchasing/order'));
  await page.goto('/order');
  expect((await next).headers()['x-p2p-domain']).toBe('globex');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  // the sign-in page remembers the last domain: the requester works in Acme
  await page.getByLabel('Domain').selectOption('acme');
  await signIn(page, 'requester', { goto: false });
  await page.getByTestId('home-domains').getByTestId('domain-globex').click();
  // the demo requester works in Portuguese: the server answers in the user's language
  await expect(page.getByText('Não tem conta no domínio Globex Corporation.')).toBeVisible();
  await expect(page.getByTestId('header-logo')).toHaveAttribute('src', /acme/);
});
