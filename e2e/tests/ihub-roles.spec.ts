import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

/**
 * Ihub roles see the integration monitor and nothing else of the app (seed 000 sections 2 and 6):
 * the operator lands on /ihub, without the app's sidebar or group switch, and the header offers the
 * monitor on every page.
 */
test('an ihub operator lands on the integration monitor, which the header offers', async ({ page }) => {
  await signIn(page, 'ihub-operator', { landing: '/ihub' });
  await expect(page.getByTestId('ihub-page')).toBeVisible();
  await expect(page.getByTestId('sidebar-toggle')).toHaveCount(0);
  await expect(page.getByTestId('group-button')).toHaveCount(0);
  await page.goto('/account');
  await page.getByTestId('header-ihub').click();
  await expect(page).toHaveURL(/\/ihub$/);
  await expect(page.getByTestId('ihub-page')).toBeVisible();
});
