import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

// Issue 11: editing fits the screen. On a 390 px phone the form in edit mode, its lines editor and a
// workflow dialog never make the page scroll sideways; at 1440 px the lines editor keeps each line's
// position and value on screen while the columns between them scroll inside the editor.

async function settle(page: Page) {
  await expect(page.locator('main.layout__content > *').first()).toBeVisible();
  await expect(page.locator('main .loading')).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

async function pageWidth(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await pageWidth(page);
  expect(scrollWidth, `${where} is ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** Opens, in edit mode, the first listed order with lines that the buyer may edit. */
async function editAnOrder(page: Page) {
  const rows = page.locator('[data-testid=table-row]');
  for (let i = 0; i < 10; i++) {
    await page.goto('/order');
    await settle(page);
    if ((await rows.count()) <= i) break;
    await rows.nth(i).click();
    await expect(page).toHaveURL(/\/order\/\d+/);
    await settle(page);
    const edit = page.getByTestId('action-edit');
    if ((await edit.count()) === 0 || !(await edit.isEnabled())) continue;
    if ((await page.locator('[data-testid=lines-editor]').getAttribute('data-count')) === '0') continue;
    await edit.click();
    await expect(page.getByTestId('document-form')).toHaveAttribute('data-mode', 'edit');
    await expect(page.locator('#line-0-quantity')).toBeVisible();
    return;
  }
  throw new Error('no listed order with lines offers Edit to the buyer');
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an order in edit mode, its lines and a dialog fit the width', async ({ page }) => {
    await signIn(page, 'buyer');
    await editAnOrder(page);
    await expectNoSidewaysScroll(page, 'the order in edit mode');
    const editor = (await page.getByTestId('lines-editor').boundingBox())!;
    expect(editor.x).toBeGreaterThanOrEqual(0);
    expect(editor.x + editor.width).toBeLessThanOrEqual(390);
    // the line's value stays on screen at the editor's end
    const value = (await page.getByTestId('line-value-0').boundingBox())!;
    expect(value.x + value.width).toBeLessThanOrEqual(390);

    await page.getByTestId('line-add').click();
    await expectNoSidewaysScroll(page, 'the order with a new line');
    await page.getByTestId('action-cancel').click();
    const leave = page.getByRole('button', { name: 'Leave without saving' });
    if (await leave.isVisible()) await leave.click();
    await expect(page.getByTestId('document-form')).toHaveAttribute('data-mode', 'read');

    // a workflow dialog
    const actions = page
      .locator('[data-testid^="workflow-action-"]:not([data-testid^="workflow-action-wrap"]):enabled')
      .filter({ visible: true });
    expect(await actions.count(), 'the editable order offers a workflow action').toBeGreaterThan(0);
    await actions.first().click();
    const dialog = page.getByTestId('workflow-dialog');
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expectNoSidewaysScroll(page, 'the workflow dialog');
    await page.getByTestId('workflow-cancel').click();
  });
});

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the lines editor keeps position and value on screen', async ({ page }) => {
    await signIn(page, 'buyer');
    await editAnOrder(page);
    await expectNoSidewaysScroll(page, 'the order in edit mode at 1440 px');
    const viewport = page.getByTestId('lines-viewport');
    const frame = (await viewport.boundingBox())!;
    const inside = async (testId: string) => {
      const box = (await page.getByTestId(testId).boundingBox())!;
      expect(box.x, `${testId} starts inside the editor`).toBeGreaterThanOrEqual(frame.x - 1);
      expect(box.x + box.width, `${testId} ends inside the editor`).toBeLessThanOrEqual(
        frame.x + frame.width + 1,
      );
    };
    await inside('line-value-0');
    // scrolled to the far end and back, the value column and the quantity input stay reachable
    await viewport.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await inside('line-value-0');
    await viewport.evaluate((el) => el.scrollTo({ left: 0 }));
    await inside('line-value-0');
    await page.locator('#line-0-quantity').scrollIntoViewIfNeeded();
    await expect(page.locator('#line-0-quantity')).toBeInViewport();
    await inside('line-value-0');
  });
});
