import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

// A phone held upright (issue 11): below 768 px the header folds its tools into a menu, the
// sidebar is a closed overlay, lists are cards, and no page is wider than the screen.
test.use({ viewport: { width: 390, height: 844 } });

/** The page has rendered: its chunk, its data and its list rows are in. */
async function settle(page: Page) {
  await expect(page.locator('main.layout__content > *').first()).toBeVisible();
  await expect(page.locator('main .loading')).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

async function expectNoSidewaysScroll(page: Page, path: string) {
  await settle(page);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${path} is ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(
    innerWidth,
  );
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await expectNoSidewaysScroll(page, path);
}

/** Every link of the user's sidebar, as the server's navigation gives it. */
async function sidebarLinks(page: Page): Promise<string[]> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('p2p.session') ?? '{}') as { token: string }).token,
  );
  const answer = await page.request.get('/api/config/navigation/en', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  type Item = { to?: string; children?: Item[]; next?: Item[] };
  const links: string[] = [];
  const walk = (items: Item[]) => {
    for (const item of items) {
      if (item.to) links.push(item.to);
      walk(item.children ?? []);
      walk(item.next ?? []);
    }
  };
  walk((await answer.json()) as Item[]);
  return links;
}

/** Opens the first document of a list by its card, and checks the form's width. */
async function visitFirstDocument(page: Page, list: string) {
  await visit(page, list);
  const first = page.getByTestId('list-table').getByTestId('table-row').first();
  const id = await first.getAttribute('data-id');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${list}/${id}$`));
  await expect(page.getByTestId('document-form')).toBeVisible();
  await expectNoSidewaysScroll(page, `${list}/${id}`);
}

const staffUsers = [
  { user: 'buyer', form: '/order' },
  { user: 'requester', form: '/requisition' },
  { user: 'manager', form: '/requisition' },
];

for (const { user, form } of staffUsers) {
  test(`${user}: no main page scrolls sideways at 390 px`, async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, user);
    await expectNoSidewaysScroll(page, '/');
    const links = await sidebarLinks(page);
    expect(links.length).toBeGreaterThan(3);
    for (const link of links) await visit(page, link);
    await visitFirstDocument(page, form);
    await visit(page, '/account');
    await visit(page, '/search');
    await visit(page, '/search?q=PO');
  });
}

test('supplier: no main page scrolls sideways at 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'supplier');
  await expectNoSidewaysScroll(page, '/');
  // a supplier has no sidebar: its lists are the cards of its home page
  const cards = page.locator('[data-testid^="home-card-"]');
  await expect(cards.first()).toBeVisible();
  const lists = await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(lists).toContain('/order');
  for (const list of lists) await visit(page, list);
  await visitFirstDocument(page, '/order');
  await visit(page, '/account');
  await visit(page, '/search');
});

test('admin: the administration pages fit at 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  for (const path of ['/', '/audit', '/account', '/admin']) await visit(page, path);
  await page.getByTestId('admin-model-order').click();
  await expect(page.getByTestId('admin-editor-panel')).toBeVisible();
  await expectNoSidewaysScroll(page, '/admin with a model open');
});

test('lists are cards with the state and the total on screen', async ({ page }) => {
  await signIn(page, 'buyer');
  await visit(page, '/order');
  const card = page.getByTestId('list-table').getByTestId('table-row').first();
  for (const src of ['_state.current', 'value']) {
    const cell = card.locator(`td[data-src="${src}"]`);
    await expect(cell).toBeVisible();
    const box = (await cell.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
});

test('the header folds its tools into a menu that shows Sign out', async ({ page }) => {
  await signIn(page, 'buyer');
  const menu = page.getByTestId('header-menu-button');
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  for (const id of ['signout', 'group-button', 'notifications-button', 'reload-button'])
    await expect(page.getByTestId(id)).toBeHidden();

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  for (const id of ['signout', 'group-button', 'notifications-button', 'header-user-name'])
    await expect(page.getByTestId(id)).toBeVisible();
  await expectNoSidewaysScroll(page, '/ with the menu open');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('signout')).toBeHidden();

  // a tool used from the menu closes it: the group drawer opens on its own
  await menu.click();
  await page.getByTestId('group-button').click();
  await expect(page.getByTestId('group-drawer')).toBeVisible();
  await expect(page.getByTestId('header-tools')).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('group-drawer')).toBeHidden();

  // Sign out from the menu signs out
  await menu.click();
  await page.getByTestId('signout').click();
  await expect(page).toHaveURL(/\/signin/);
});

test('a supplier reaches Sign out from the menu too', async ({ page }) => {
  await signIn(page, 'supplier');
  await expect(page.getByTestId('sidebar-toggle')).toHaveCount(0);
  await page.getByTestId('header-menu-button').click();
  await expect(page.getByTestId('signout')).toBeVisible();
  await expect(page.getByTestId('header-role-name')).toHaveText('Supplier');
});

test('the sidebar is closed on load, opens over the page and closes', async ({ page }) => {
  await signIn(page, 'buyer');
  const sidebar = page.getByTestId('sidebar');
  const toggle = page.getByTestId('sidebar-toggle');
  await expect(toggle).toBeVisible();
  await expect(sidebar).toHaveCount(0);
  // closed on every load, whatever a desktop session remembered
  await page.evaluate(() => localStorage.setItem('p2p.sidebar.open', 'true'));
  await page.reload();
  await expect(toggle).toBeVisible();
  await expect(sidebar).toHaveCount(0);

  await toggle.click();
  await expect(sidebar).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expectNoSidewaysScroll(page, '/ with the sidebar open');
  await page.getByTestId('sidebar-close').click();
  await expect(sidebar).toHaveCount(0);

  await toggle.click();
  await page.keyboard.press('Escape');
  await expect(sidebar).toHaveCount(0);

  // choosing a page closes it
  await toggle.click();
  await sidebar.getByText('Purchasing').click();
  await sidebar.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(sidebar).toHaveCount(0);
  await expect(page.getByTestId('list-table')).toBeVisible();
});
