import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

/** The calendar (seed 001 section 2.11): real events, the '+N events' dialog and its links. */

async function fitsWidth(page: Page) {
  const wide = await page.evaluate(() =>
    Array.from(document.querySelectorAll('main *'))
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .map((e) => `${e.tagName}.${String(e.className)}`),
  );
  expect(wide).toEqual([]);
}

test("the calendar shows the buyer's deliveries and a '+N events' link opens the order", async ({ page }) => {
  await signIn(page, 'buyer');
  await page.goto('/calendar');
  await expect(page.getByTestId('cal-title')).toHaveText(
    new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(new Date()),
  );
  await expect(page.getByRole('columnheader').first()).toHaveText('Mon');

  // the demo orders are due on the 15th of March to August 2026: find a day with more than two
  let more = null;
  for (const month of ['2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08']) {
    await page.goto(`/calendar?month=${month}&type=delivery`);
    await expect(page.getByTestId(`cal-day-${month}-15`)).toBeVisible();
    await expect(page.getByTestId(`cal-day-${month}-15`).getByTestId('cal-event-link').first()).toBeVisible();
    if ((await page.getByTestId('cal-more').count()) > 0) {
      more = page.getByTestId('cal-more').first();
      break;
    }
  }
  expect(more, "no day with '+N events'").not.toBeNull();
  await expect(more!).toHaveText(/^\+\d+ events?$/);
  await more!.click();
  const dialog = page.getByTestId('cal-day-dialog');
  const links = dialog.getByTestId('cal-event-link');
  expect(await links.count()).toBeGreaterThan(2);
  const href = await links.first().getAttribute('href');
  expect(href).toMatch(/^\/order\/\d+$/);
  await links.first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByTestId('cal-day-dialog')).toHaveCount(0);
});

test('the calendar speaks the type filter and fits a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.addInitScript(() => localStorage.setItem('p2p.sidebar.open', 'false'));
  await signIn(page, 'buyer');
  await page.goto('/calendar?month=2026-12');
  await page.getByTestId('cal-type').click();
  await page.getByRole('option', { name: 'Contract expiry' }).click();
  await expect(page).toHaveURL(/type=contract-expiry/);
  await expect(page.getByTestId('cal-day-2026-12-31').getByTestId('cal-event-link').first()).toBeVisible();
  await fitsWidth(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
