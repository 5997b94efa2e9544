import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, settle, visit } from './a11y-check.ts';
import { signIn } from './helpers.ts';

// Issue 11: axe-core finds no WCAG 2.1 AA violation on the main pages, signed in as a buyer and as
// a supplier (and on the sign-in page before anyone is signed in).
test.describe.configure({ timeout: 180_000 });

/** The first row of a list opens its form. */
async function openFirst(page: Page, listPath: string) {
  await page.goto(listPath);
  await settle(page);
  await page.locator('[data-testid=table-row]').first().click();
  await expect(page).toHaveURL(new RegExp(`${listPath}/\\d+`));
  await settle(page);
  await expectAccessible(page, `${listPath}/:id`);
}

test('the sign-in page has no accessibility violation', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.locator('#username')).toBeVisible();
  await expectAccessible(page, '/signin');
});

test('a buyer meets no accessibility violation on the main pages', async ({ page }) => {
  await signIn(page, 'buyer');
  await settle(page);
  await expectAccessible(page, '/');
  for (const path of [
    '/order',
    '/requisition',
    '/contract',
    '/query',
    '/calendar',
    '/account',
    '/search?q=order',
  ])
    await visit(page, path);
  await openFirst(page, '/order');
});

test('a buyer meets no accessibility violation editing an order and its lines', async ({ page }) => {
  await signIn(page, 'buyer');
  await settle(page);
  await page.goto('/order');
  await settle(page);
  // the first of the listed orders the buyer may edit, opened in edit mode
  const rows = page.locator('[data-testid=table-row]');
  const count = Math.min(await rows.count(), 8);
  let editing = false;
  for (let i = 0; i < count && !editing; i++) {
    await page.goto('/order');
    await settle(page);
    await rows.nth(i).click();
    await expect(page).toHaveURL(/\/order\/\d+/);
    await settle(page);
    const edit = page.getByTestId('action-edit');
    if ((await edit.count()) === 0 || !(await edit.isEnabled())) continue;
    await edit.click();
    editing = true;
  }
  expect(editing, 'no listed order offers Edit to the buyer').toBe(true);
  await expect(page.getByTestId('document-form')).toHaveAttribute('data-mode', 'edit');
  await expect(page.locator('#line-0-quantity')).toBeVisible();
  // every line input and select is named by its column and line
  await expect(page.getByRole('textbox', { name: /, line 1$/ }).first()).toBeVisible();
  await expectAccessible(page, 'the lines editor (edit)', '[data-testid=lines-editor]');
  await expectAccessible(page, '/order/:id (edit)');
});

test('a supplier meets no accessibility violation on the main pages', async ({ page }) => {
  await signIn(page, 'supplier-user');
  await settle(page);
  await expectAccessible(page, '/');
  await visit(page, '/order');
  await openFirst(page, '/order');
});
