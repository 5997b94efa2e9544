import { expect, test } from '@playwright/test';

test('maintenance mode removes every route: each path shows not-found', async ({ page }) => {
  for (const path of ['/', '/signin', '/account', '/order', '/help/home', '/anything/else']) {
    await page.goto(path);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByTestId('not-found')).toContainText('Page not found');
  }
});
