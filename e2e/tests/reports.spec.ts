import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { listCount, resetContext, signIn } from './helpers.ts';

/**
 * Reports (issue 9): a buyer builds a bar chart of order value by supplier per month, saves it,
 * opens it, clicks a bar and lands on exactly the orders behind it; the xlsx export opens with the
 * report's rows; on a phone nothing scrolls sideways.
 */

test.afterEach(async ({ request }) => resetContext(request, 'buyer'));

interface ResultItem {
  supplier?: string;
  _state_created_ts?: string;
  sum_value?: string;
  count?: number;
  _filter: string | null;
  _total?: boolean;
}
interface Result {
  items: ResultItem[];
  fields: Array<{ src: string; label: string }>;
}

/** Picks an option of a PrimeReact dropdown. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const token = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('p2p.session') ?? '{}') as { token: string }).token);

test('a buyer builds, saves and opens a bar chart, drills into a bar and exports the rows', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  await page.goto('/query');
  await expect(page.getByTestId('report-list')).toBeVisible();
  await page.getByTestId('report-new').click();
  await expect(page).toHaveURL(/\/query\/create$/);

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
  await expect(page.getByText('Customize the chosen visualization')).toBeVisible();
  await choose(page, 'visualization-type', 'Bar');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('options-drawer')).toBeHidden();

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/reporting/query/save'));
  await page.getByTestId('report-save').click();
  expect((await saved).status()).toBe(200);
  await expect(page).toHaveURL(/\/query\/\d+$/);
  const id = /\/query\/(\d+)$/.exec(page.url())![1]!;

  // the viewer: the chart of the saved report
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/reporting/query/result'));
  await page.goto(`/query/${id}/view`);
  const response = await answered;
  const result = (await response.json()) as Result;
  // the working context the page works in (the list and the report both read it)
  const context = response.request().headers()['x-p2p-context'] ?? '';
  expect(result.items.length).toBeGreaterThan(0);
  const canvas = page.getByTestId('report-chart').locator('canvas');
  await expect(canvas).toHaveAttribute('data-hits', /\[\[/);
  // the tallest bar (the smallest centre y): [series, index, x, y]
  const hits = (JSON.parse((await canvas.getAttribute('data-hits'))!) as Array<Array<number | null>>)
    .filter((h) => typeof h[2] === 'number' && typeof h[3] === 'number')
    .sort((a, b) => a[3]! - b[3]!);
  const [, , x, y] = hits[0]!;

  // the documents behind the bar, counted by the same report with a count, in the same context
  const auth = { authorization: `Bearer ${await token(page)}`, 'x-p2p-context': context };
  const counted = await page.request.post('/api/reporting/query/result', {
    headers: auth,
    data: {
      name,
      model: 'order',
      tr: { _id: 'last-12-months' },
      aggregation: {
        groupBy: [{ field: 'supplier' }, { field: '_state.created.ts', interval: '1M' }],
        metrics: [{ function: 'count' }],
      },
    },
  });
  const byFilter = new Map(((await counted.json()) as Result).items.map((i) => [i._filter, i.count]));

  await canvas.click({ position: { x: x!, y: y! } });
  await expect(page).toHaveURL(/\/order\?.*supplier\._id=.*createdFrom=.*createdTo=/);
  const query = new URL(page.url()).search.slice(1);
  expect(result.items.map((i) => i._filter)).toContain(query);
  const expected = byFilter.get(query);
  expect(expected).toBeGreaterThan(0);
  expect(await listCount(page)).toBe(expected);

  // the xlsx export of the report's rows
  await page.goBack();
  await expect(page.getByTestId('report-chart')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('report-export-xlsx').click();
  const file = join(mkdtempSync(join(tmpdir(), 'reports-e2e-')), 'report.xlsx');
  await (await download).saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(result.fields.map((f) => f.label));
  expect(sheet.rowCount).toBe(result.items.length + 1);
  result.items.forEach((item, i) => {
    const row = sheet.getRow(i + 2);
    expect(row.getCell(1).value).toBe(item.supplier);
    expect(row.getCell(3).value).toBe(Number(item.sum_value));
  });
});

test('on a phone the builder and the viewer do not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'buyer');
  await page.goto('/query/create');
  await choose(page, 'report-source', 'Orders');
  await page.getByTestId('add-groupby').click();
  await page.getByTestId('add-metric').click();
  await page.getByTestId('add-sort').click();
  const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await wide()).toBeLessThanOrEqual(390);
  await page.goto('/query');
  await expect(page.getByTestId('report-list')).toBeVisible();
  expect(await wide()).toBeLessThanOrEqual(390);
});
