import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y-check.ts';
import { signIn } from './helpers.ts';

/**
 * An item's UNSPSC code set by hand (issue 13): the ihub operator finds an item on /ihub, sets its
 * code with the tree picker and still sees it after a reload; a buyer then picks that item on an
 * order line, and the line carries the code (the saved order shows it, as the server stored it).
 */
const ITEM = 'MAT-1014';
const CODE = '43211503';

test('the ihub operator sets an item code with the picker; an order line that picks the item takes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // the ihub operator's home is the monitor
  await signIn(page, 'ihub-operator', { landing: '/ihub' });
  const panel = page.getByTestId('item-unspsc-panel');
  await panel.getByRole('searchbox', { name: 'Search items by code or name' }).fill(ITEM);
  const row = panel.locator(`[data-testid="item-unspsc-row"][data-item="${ITEM}"]`);
  // the exact code first (then similar spellings, as every look-up answers)
  await expect(panel.getByTestId('item-unspsc-row').first()).toHaveAttribute('data-item', ITEM);
  await row.getByRole('button', { name: `Set the UNSPSC code of ${ITEM}` }).click();
  await row.getByRole('button', { name: 'Pick an UNSPSC code' }).click();
  const picker = page.getByTestId('unspsc-picker');
  await picker.getByTestId('unspsc-search').fill('notebook');
  await picker.getByText(`${CODE} Notebook computers`).click();
  await expect(row.getByRole('textbox', { name: `UNSPSC code of ${ITEM}` })).toHaveValue(CODE);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/ihub/items/${ITEM}/unspsc`) && r.request().method() === 'PUT',
  );
  await row.getByRole('button', { name: `Save the UNSPSC code of ${ITEM}` }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText(`UNSPSC code of ${ITEM} saved.`)).toBeVisible();
  await expect(row.getByTestId('item-unspsc-value')).toContainText(`${CODE} Notebook computers`);

  await page.reload();
  await panel.getByRole('searchbox', { name: 'Search items by code or name' }).fill(ITEM);
  await expect(panel.getByTestId('item-unspsc-row').first()).toHaveAttribute('data-item', ITEM);
  await expect(row.getByTestId('item-unspsc-value')).toContainText(`${CODE} Notebook computers`);

  await page.getByTestId('signout').click();
  await signIn(page, 'buyer');
  await page.goto('/order/new');
  await page.locator('#input-doc-subtype').selectOption('P001');
  await page.locator('#input-description').fill(`UNSPSC from the item ${Date.now()}`);
  await page.locator('#input-supplier-name').fill('Alfa');
  await page.getByRole('option', { name: /Alfa Components Lda/ }).click();
  await page.locator('#input-deliveryDate').fill('15-12-2026');
  await page.getByTestId('line-add').click();
  await page.locator('#line-0-item').fill(ITEM);
  // chosen with a click, as people do: the press keeps the focus in the input, so the line does not
  // re-render under the pointer before the release (a lost click before 30 November)
  await expect(page.getByTestId('item-suggestion').first()).toContainText(ITEM);
  await page.getByTestId('item-suggestion').first().click();
  await expect(page.locator('#line-0-description')).toHaveValue(/Hydraulic hose DN16/);
  await expect(page.locator('#line-0-unspsc')).toHaveValue(CODE);
  await page.locator('#line-0-quantity').fill('2');
  await page.locator('#line-0-tax').selectOption('IVA23');
  await page.getByTestId('action-save').click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  await expect(page.getByTestId('document-form')).toHaveAttribute('data-mode', 'read');
  await expect(page.getByTestId('line-unspsc-0')).toContainText(CODE);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the items table scrolls in its own region at 390 px; the page does not scroll sideways', async ({
    page,
  }) => {
    await signIn(page, 'ihub-operator', { landing: '/ihub' });
    const panel = page.getByTestId('item-unspsc-panel');
    await expect(panel.getByTestId('item-unspsc-row').first()).toBeVisible();
    const region = panel.getByRole('region', { name: 'UNSPSC codes of the items' });
    const box = (await region.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    // the row's buttons are reached by scrolling the region
    const row = panel.getByTestId('item-unspsc-row').first();
    const item = (await row.getAttribute('data-item'))!;
    await row.getByRole('button', { name: `Set the UNSPSC code of ${item}` }).click();
    await expect(row.getByRole('textbox', { name: `UNSPSC code of ${item}` })).toBeVisible();
    // axe finds nothing in the panel, while a row is being edited too
    await expectAccessible(page, '/ihub items panel (editing)', '[data-testid="item-unspsc-panel"]');
    await row.getByRole('button', { name: `Cancel the change of ${item}` }).click();
    await expect(row.getByRole('textbox', { name: `UNSPSC code of ${item}` })).toHaveCount(0);
    await expectAccessible(page, '/ihub items panel', '[data-testid="item-unspsc-panel"]');
  });
});
