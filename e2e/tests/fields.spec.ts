import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

/**
 * The interface kit's field types in a shipped model (issue 10): the purchasing department's
 * supplier manager fills a supplier record with phone, measure, rating and rich text, picks the
 * plants it supplies in the tree (the company shows a partial check), saves, reloads and sees
 * them; on a phone held upright nothing scrolls sideways.
 */
test.use({ viewport: { width: 390, height: 844 } });

const field = (page: Page, src: string) => page.getByTestId(`field-${src}`);

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `the page is ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(
    innerWidth,
  );
}

test('a supplier record with phone, measure, rating, rich text and plants', async ({ page }) => {
  await signIn(page, 'manager-supplier');
  await page.goto('/supplier/new');
  await expect(page.getByTestId('document-form')).toBeVisible();
  const name = `Kit Packaging ${Date.now()}`;
  await page.locator('#input-name').fill(name);
  await page.locator('#input-vat').fill(`PT5${String(Date.now()).slice(-8)}`);

  // phone: the Portuguese prefix by default, other characters refused
  await expect(field(page, 'phone').getByTestId('phone-country')).toHaveValue('PT');
  await page.locator('#input-phone').fill('912 345 678');
  await page.locator('#input-phone').blur();
  await expect(page.locator('#input-phone')).toHaveValue('+351 912 345 678');

  // rating: 4 of 5, in the interval's colour and legend
  await field(page, 'rating').getByTestId('rating-star-4').click();
  await expect(field(page, 'rating').getByTestId('rating-legend')).toHaveText('Preferred');

  // measure: a weight and its unit of the MASS class (GET /api/taxonomy/uom?class=MASS)
  await page.locator('#input-maxShipmentWeight').fill('1200');
  await field(page, 'maxShipmentWeight').getByTestId('measure-uom-maxShipmentWeight').selectOption('KG');

  // rich text: Quill, with bold
  const editor = field(page, 'notes').locator('.ql-editor');
  await editor.click();
  await page.keyboard.type('Ships within ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('48 hours');

  // the plants tree: one plant of Acme Portugal checked, the company partially
  const tree = field(page, 'plants');
  await tree.getByTestId('tree-toggle-acme-pt').click();
  await tree.getByTestId('tree-check-pt-lisboa').click();
  await expect(tree.getByTestId('tree-check-acme-pt')).toHaveAttribute('data-state', 'partial');
  await tree.getByTestId('tree-toggle-acme-es').click();
  await tree.getByTestId('tree-check-acme-es').click();
  await expect(tree.getByTestId('tree-check-es-madrid')).toHaveAttribute('data-state', 'checked');
  await noSidewaysScroll(page);

  await page.getByTestId('action-save').click();
  await expect(page).toHaveURL(/\/supplier\/(?!new$)[^/]+$/);
  const id = page.url().split('/').pop()!;
  expect(id).not.toBe('new');

  await page.reload();
  await expect(page.getByTestId('document-form')).toBeVisible();
  await expect(field(page, 'phone')).toContainText('+351 912 345 678');
  await expect(field(page, 'rating').getByTestId('rating-rating')).toHaveAttribute('data-value', '4');
  await expect(field(page, 'maxShipmentWeight')).toContainText('1200 KG');
  await expect(field(page, 'notes').getByTestId('richtext-display').locator('strong')).toHaveText('48 hours');
  const plants = field(page, 'plants');
  await expect(plants).toContainText('Lisboa Plant');
  await expect(plants).toContainText('Madrid Plant');
  await expect(plants).not.toContainText('Porto Plant');
  await noSidewaysScroll(page);

  // the server holds what the browser showed, the partial check included
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('p2p.session') ?? '{}') as { token: string }).token,
  );
  const saved = await page.request.get(`/api/purchasing/supplier/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const doc = (await saved.json()) as {
    plants: Array<{ key: string; checked: boolean; partialChecked: boolean }>;
    notes: string;
  };
  expect(doc.plants).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ key: 'acme-pt', checked: false, partialChecked: true }),
      expect.objectContaining({ key: 'pt-lisboa', checked: true }),
      expect.objectContaining({ key: 'acme-es', checked: true }),
    ]),
  );
  expect(doc.notes).toContain('<strong>48 hours</strong>');
});
