import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA: the bar of the accessibility journeys (issue 11). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The page has rendered: its chunk, its data and its list rows are in. */
export async function settle(page: Page) {
  await expect(page.locator('main.layout__content > *').first()).toBeVisible();
  await expect(page.locator('main .loading')).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

/** axe-core finds no violation on the page (or within one part of it); each one is listed. */
export async function expectAccessible(page: Page, where: string, within?: string) {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
        .join('\n'),
  );
  expect.soft(summary, `${where}\n${summary.join('\n')}`).toEqual([]);
}

/** Opens a path and checks it once it has settled. */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await settle(page);
  await expectAccessible(page, path);
}
