import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, listCount, signIn } from './helpers.ts';

/**
 * The home dashboard (seed 001 sections 2.8 and 4.3), as a buyer uses it: the role default with its
 * figures, Configure Dashboard, a widget added, dragged and resized, saved, found again after a
 * reload, and Reset back to the role default.
 */

interface Item {
  i: number;
  x: number;
  y: number;
  w: number;
  h: number;
  widget: { component: string; componentId?: string | null; params?: Record<string, unknown> };
}
interface DashboardAnswer {
  user: string | null;
  layout: Item[];
}

const widgets = (page: Page) =>
  page.getByTestId('dashboard-grid').locator('[data-testid^="dashboard-widget-"]');

/** The dashboard the page loads on its next visit of home. */
async function loadHome(page: Page): Promise<DashboardAnswer> {
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/profile/user/dashboard') && r.request().method() === 'GET',
  );
  await page.goto('/');
  const res = await answer;
  expect(res.status()).toBe(200);
  return (await res.json()) as DashboardAnswer;
}

/** Drags with the mouse from the centre of `from` by (dx, dy), in small steps like a hand. */
/**
 * Drags `from` by (dx, dy) once it has stopped moving: the grid animates an item to its new place
 * (a css transition), and a press on a handle still in flight lands beside it.
 */
async function drag(page: Page, from: Locator, dx: number, dy: number) {
  let box = (await from.boundingBox())!;
  await expect
    .poll(async () => {
      const was = box;
      await page.waitForTimeout(100);
      box = (await from.boundingBox())!;
      return box.x === was.x && box.y === was.y && box.width === was.width && box.height === was.height;
    })
    .toBe(true);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 8 });
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

/** The buyer's dashboard back to the role default, whatever an earlier journey left. */
async function resetDashboard(page: Page) {
  const signin = await page.request.post('/api/auth/signin', {
    data: { username: 'buyer', password: DEMO_PASSWORD },
  });
  const { token } = (await signin.json()) as { token: string };
  const cleared = await page.request.get('/api/profile/user/dashboard/reset', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(cleared.status()).toBe(200);
}

test('a buyer configures the home dashboard, saves it, finds it after a reload and resets it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await resetDashboard(page);
  await signIn(page, 'buyer');

  const initial = await loadHome(page);
  expect(initial.user).toBeNull();
  expect(initial.layout.length).toBeGreaterThan(0);
  expect(initial.layout.every((l) => l.widget.component === 'v-query')).toBe(true);
  await expect(widgets(page)).toHaveCount(initial.layout.length);
  // the first figure's report shows its count
  const first = widgets(page).first();
  await expect(first.getByTestId('report-result')).toBeVisible();
  await expect(first.getByTestId('report-result')).toContainText(/\d/);
  await expect(page.getByTestId('dashboard-configure')).toHaveText('Configure Dashboard');

  // edit mode: Add widget, Save, Cancel; no Reset on the role's default
  await page.getByTestId('dashboard-configure').click();
  await expect(page.getByTestId('dashboard-add')).toBeVisible();
  await expect(page.getByTestId('dashboard-cancel')).toBeVisible();
  await expect(page.getByTestId('dashboard-reset')).toHaveCount(0);

  await page.getByTestId('dashboard-add').click();
  const drawer = page.getByTestId('dashboard-add-drawer');
  await expect(drawer.getByTestId('dashboard-available-activity')).toBeVisible();
  await drawer.getByRole('button', { name: 'Draft orders' }).click();
  await drawer.getByTestId('dashboard-add-save').click();
  const added = page.getByTestId(`dashboard-widget-${Math.max(...initial.layout.map((l) => l.i)) + 1}`);
  await expect(added).toBeVisible();
  await expect(added.getByTestId('activity-card')).toBeVisible();
  await added.scrollIntoViewIfNeeded();

  // drag it by its handle half the grid to the right, then make it taller by its resize handle
  const grid = (await page.getByTestId('dashboard-grid').boundingBox())!;
  await drag(page, added.getByTestId('dashboard-widget-handle'), grid.width / 2, 0);
  const resize = page.locator('.react-grid-item', { has: added }).locator('.react-resizable-handle');
  await drag(page, resize, 0, 150);

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/profile/user/dashboard') && r.request().method() === 'POST',
  );
  await page.getByTestId('dashboard-save').click();
  const answer = (await (await saved).json()) as { ok: boolean; message: string; dashboard: DashboardAnswer };
  expect(answer.ok).toBe(true);
  await expect(page.getByText('Dashboard saved')).toBeVisible();
  const mine = answer.dashboard.layout.find((l) => l.widget.component === 'v-activity')!;
  expect(mine.x).toBe(6);
  expect(mine.w).toBe(6);
  expect(mine.h).toBeGreaterThan(6);

  // a reload finds it where it was left
  const reloaded = await loadHome(page);
  expect(reloaded.user).not.toBeNull();
  expect(reloaded.layout).toEqual(answer.dashboard.layout);
  await expect(widgets(page)).toHaveCount(initial.layout.length + 1);
  await expect(page.getByTestId('activity-card')).toHaveCount(2); // the home card and the widget

  // Reset, after a confirmation naming the role, brings the role default back
  await page.getByTestId('dashboard-configure').click();
  await page.getByTestId('dashboard-reset').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('default configuration of the Buyer role');
  const reset = page.waitForResponse((r) => r.url().endsWith('/api/profile/user/dashboard/reset'));
  await confirm.getByRole('button', { name: 'Yes' }).click();
  expect((await reset).status()).toBe(200);
  await expect(page.getByText('Dashboard reset to the default of the Buyer role')).toBeVisible();
  await expect(widgets(page)).toHaveCount(initial.layout.length);
  expect((await loadHome(page)).user).toBeNull();
});

/** Picks an option of a PrimeReact dropdown. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The result call a report widget of `id` makes. */
const resultOf = (page: Page, id: string) =>
  page.waitForResponse((r) => {
    if (!r.url().endsWith('/api/reporting/query/result')) return false;
    return (JSON.parse(r.request().postData() ?? '{}') as { _id?: string })._id === id;
  });

test('a buyer puts a bar chart of order value by supplier per month on the dashboard and drills into a bar', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await resetDashboard(page);
  await signIn(page, 'buyer');

  // the report: order value by supplier per month, as a bar chart
  await page.goto('/query/create');
  const name = `Order value by supplier per month ${Date.now()}`;
  await page.getByTestId('report-name').fill(name);
  await choose(page, 'report-source', 'Orders');
  await page.getByTestId('add-groupby').click();
  await choose(page, 'groupby-field-0', 'Supplier');
  await page.getByTestId('add-groupby').click();
  await choose(page, 'groupby-field-1', 'Created');
  await choose(page, 'groupby-interval-1', '1 month');
  await page.getByTestId('add-metric').click();
  await choose(page, 'metric-function-0', 'Sum');
  await choose(page, 'metric-field-0', 'Total value');
  await page.getByTestId('report-options').click();
  await choose(page, 'visualization-type', 'Bar');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('options-drawer')).toBeHidden();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/reporting/query/save'));
  await page.getByTestId('report-save').click();
  expect((await saved).status()).toBe(200);
  await expect(page).toHaveURL(/\/query\/\d+$/);
  const id = /\/query\/(\d+)$/.exec(page.url())![1]!;

  // added from the Reports tab of the Add widget drawer
  const initial = await loadHome(page);
  expect(initial.user).toBeNull();
  await page.getByTestId('dashboard-configure').click();
  await page.getByTestId('dashboard-add').click();
  const drawer = page.getByTestId('dashboard-add-drawer');
  await drawer.getByRole('tab', { name: 'Reports' }).click();
  await drawer.getByTestId('dashboard-available-reports').getByRole('button', { name }).click();
  await drawer.getByTestId('dashboard-add-save').click();
  const next = Math.max(...initial.layout.map((l) => l.i)) + 1;
  const added = page.getByTestId(`dashboard-widget-${next}`);
  await expect(added.getByTestId('report-chart').locator('canvas')).toBeVisible();
  await added.scrollIntoViewIfNeeded();

  // dragged half the grid to the right by its handle, made taller by its resize handle, saved
  const grid = (await page.getByTestId('dashboard-grid').boundingBox())!;
  await drag(page, added.getByTestId('dashboard-widget-handle'), grid.width / 2, 0);
  const resize = page.locator('.react-grid-item', { has: added }).locator('.react-resizable-handle');
  await drag(page, resize, 0, 150);
  const posted = page.waitForResponse(
    (r) => r.url().endsWith('/api/profile/user/dashboard') && r.request().method() === 'POST',
  );
  await page.getByTestId('dashboard-save').click();
  const answer = (await (await posted).json()) as { ok: boolean; dashboard: DashboardAnswer };
  expect(answer.ok).toBe(true);
  const mine = answer.dashboard.layout.find((l) => l.i === next)!;
  expect(mine.widget).toMatchObject({ component: 'v-query', componentId: id });
  expect(mine.x).toBe(6);
  expect(mine.w).toBe(6);
  expect(mine.h).toBeGreaterThan(6);

  // a reload finds it where it was left, as a report widget of that report
  const ran = resultOf(page, id);
  const reloaded = await loadHome(page);
  expect(reloaded.layout).toEqual(answer.dashboard.layout);
  expect(reloaded.layout.filter((l) => l.widget.componentId === id)).toEqual([mine]);
  const run = await ran;
  const request = JSON.parse(run.request().postData()!) as { aggregation: Record<string, unknown> };
  const result = (await run.json()) as { items: Array<{ _filter: string | null }> };
  const widget = page.getByTestId(`dashboard-widget-${next}`);
  const canvas = widget.getByTestId('report-chart').locator('canvas');
  await widget.scrollIntoViewIfNeeded();
  await expect(canvas).toHaveAttribute('data-hits', /\[\[/);

  // the documents behind each bar, counted by the same report with a count, in the same context
  const headers = {
    authorization: run.request().headers()['authorization'] ?? '',
    'x-p2p-context': run.request().headers()['x-p2p-context'] ?? '',
  };
  const counted = await page.request.post('/api/reporting/query/result', {
    headers,
    data: { ...request, aggregation: { ...request.aggregation, metrics: [{ function: 'count' }] } },
  });
  expect(counted.status()).toBe(200);
  const byFilter = new Map(
    ((await counted.json()) as { items: Array<{ _filter: string | null; count: number }> }).items.map((i) => [
      i._filter,
      i.count,
    ]),
  );

  // a click on the tallest bar of the widget opens exactly its orders
  const hits = (JSON.parse((await canvas.getAttribute('data-hits'))!) as Array<Array<number | null>>)
    .filter((h) => typeof h[2] === 'number' && typeof h[3] === 'number')
    .sort((a, b) => a[3]! - b[3]!);
  const [, , x, y] = hits[0]!;
  await canvas.click({ position: { x: x!, y: y! } });
  await expect(page).toHaveURL(/\/order\?.*supplier\._id=.*createdFrom=.*createdTo=/);
  const query = new URL(page.url()).search.slice(1);
  expect(result.items.map((i) => i._filter)).toContain(query);
  const expected = byFilter.get(query);
  expect(expected).toBeGreaterThan(0);
  // the list page in place of the dashboard (whose data tables count their rows too)
  await expect(page.getByTestId('dashboard-grid')).toHaveCount(0);
  await expect(page.getByTestId('document-list')).toBeVisible();
  expect(await listCount(page)).toBe(expected);

  // Reset brings the role default back, without the report
  await loadHome(page);
  await page.getByTestId('dashboard-configure').click();
  await page.getByTestId('dashboard-reset').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('default configuration of the Buyer role');
  const reset = page.waitForResponse((r) => r.url().endsWith('/api/profile/user/dashboard/reset'));
  await confirm.getByRole('button', { name: 'Yes' }).click();
  expect((await reset).status()).toBe(200);
  await expect(widgets(page)).toHaveCount(initial.layout.length);
  await expect(page.getByTestId(`dashboard-widget-${next}`)).toHaveCount(0);
  const after = await loadHome(page);
  expect(after.user).toBeNull();
  expect(after.layout).toEqual(initial.layout);
});

test('the pending evaluations figure offers its two lists and opens the one picked', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await resetDashboard(page);
  await signIn(page, 'buyer');
  const ran = page.waitForResponse((r) => {
    if (!r.url().endsWith('/api/reporting/query/result')) return false;
    const body = JSON.parse(r.request().postData() ?? '{}') as { what?: string[] };
    return body.what?.[0] === 'pending-evaluations';
  });
  const home = await loadHome(page);
  const tile = home.layout.find((l) => l.widget.componentId === 'pending-evaluations')!;
  const figure = (
    (await (await ran).json()) as {
      items: Array<{ _filter: string | null; parts: Array<{ model: string; label: string; count: number }> }>;
    }
  ).items[0]!;
  // over two lists: no one filter of its own
  expect(figure._filter).toBeNull();
  expect(figure.parts.map((p) => p.model)).toEqual(['order-evaluation', 'contract-evaluation']);
  expect(figure.parts[0]!.count).toBeGreaterThan(0); // the demo's draft order evaluation

  const widget = page.getByTestId(`dashboard-widget-${tile.i}`);
  await widget.scrollIntoViewIfNeeded();
  await widget.getByTestId('report-table').getByText('Pending evaluations').click();
  const choice = page.getByTestId('report-drill-choice');
  await expect(choice).toContainText('Which list do you want to open?');
  for (const part of figure.parts)
    await expect(choice.getByTestId(`report-drill-${part.model}`)).toHaveText(
      `${part.label} (${part.count})`,
    );
  await choice.getByTestId('report-drill-order-evaluation').click();
  await expect(page).toHaveURL(/\/order-evaluation\?_state\.current=created%2Cupdated$/);
  await expect(page.getByTestId('dashboard-grid')).toHaveCount(0);
  await expect(page.getByTestId('document-list')).toBeVisible();
  expect(await listCount(page)).toBe(figure.parts[0]!.count);
});

test('the dashboard fits a 390 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'buyer');
  await loadHome(page);
  await expect(widgets(page).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
