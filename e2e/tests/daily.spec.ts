import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers.ts';

/**
 * Small things of daily use (issue 11): 'Forgot password' without mail (the administrator hands the
 * link over from /admin), a notification that opens its document, and a reload without network
 * that shows the app's own offline screen (the service worker keeps the app shell).
 */

const NEW_PASSWORD = 'Daily-Passw0rd-2026!';

async function apiToken(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/auth/signin', { data: { username, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

test('forgot password: the administrator hands over the link, the user sets a password and signs in', async ({
  browser,
}) => {
  const userContext = await browser.newContext();
  const page = await userContext.newPage();
  await page.goto('/signin');
  await page.getByTestId('forgot-password-link').click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.locator('#email').fill('exc@acme.example.com');
  await page.getByTestId('forgot-password-submit').click();
  await expect(page.getByTestId('forgot-password-sent')).toContainText('on its way');

  // no mail relay on this server: the request waits on the users screen of /admin
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');
  await admin.getByTestId('sidebar').getByRole('link', { name: 'Administration' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  const row = admin.locator('[data-testid="admin-user"][data-username="exc"]');
  await expect(row.getByTestId('admin-user-reset-requested')).toContainText(/\d\d-\d\d-\d{4} \d\d:\d\d/);
  await row.getByTestId('admin-user-password-link').click();
  const link = admin.getByTestId('admin-password-link-url');
  await expect(link).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/set-password\/[\w-]+$/);
  const url = await link.innerText();
  await adminContext.close();

  // the set-password page checks the link first, in the sign-in layout (no sidebar, no header)
  await page.goto(url);
  await expect(page.getByTestId('set-password-account')).toContainText('exc');
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await page.locator('#password').fill(NEW_PASSWORD);
  await page.locator('#confirmPassword').fill(NEW_PASSWORD);
  await page.getByTestId('set-password-submit').click();
  await expect(page.getByTestId('set-password-done')).toBeVisible();

  // a second use of the link says it was used, and asks for no password
  await page.goto(url);
  await expect(page.getByTestId('set-password-link-error')).toContainText('already used');
  await expect(page.getByTestId('set-password-form')).toHaveCount(0);

  await page.goto('/signin');
  await page.locator('#username').fill('exc');
  await page.locator('#password').fill(NEW_PASSWORD);
  await page.getByTestId('signin-submit').click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByTestId('app-header')).toBeVisible();
  await userContext.close();
});

test('a notification link opens its document', async ({ page, request }) => {
  // a requester submits a priced requisition through the API: the manager is notified
  const token = await apiToken(request, 'requester');
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/purchasing/requisition', {
    headers,
    data: {
      doc: { subtype: 'R001' },
      description: `Daily notification ${Date.now()}`,
      deliveryDate: '2026-12-15',
      lines: [{ item: 'MAT-1000', quantity: '4', price: '12.5', tax: { key: 'IVA23' } }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const doc = (await created.json()) as { _id: string; _version: number; key: string };
  const moved = await request.post(`/api/purchasing/requisition/${doc._id}/workflow`, {
    headers,
    data: { action: 'submit-approval', _version: doc._version },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await signIn(page, 'manager');
  await page.getByTestId('notifications-button').click();
  const notice = page.getByTestId('notification').filter({ hasText: doc.key }).first();
  await expect(notice).toBeVisible();
  await notice.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/requisition/${doc._id}$`));
  await expect(page.getByTestId('document-form')).toBeVisible();
  await expect(page.getByTestId('not-found')).toHaveCount(0);
});

test.describe('offline', () => {
  // the service worker keeps the app shell for a reload without network
  test.use({ serviceWorkers: 'allow' });

  test('a network drop shows the network notice on the view; a reload offline shows the offline screen', async ({
    page,
    context,
  }) => {
    await signIn(page, 'buyer');
    // the service worker keeps the shell once it controls the page
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 })
      .toBe(true);
    await page.goto('/order');
    await expect(page.getByTestId('document-list')).toBeVisible();
    await expect(page.getByTestId('group-button')).toBeVisible();

    await context.setOffline(true);
    await expect(page.getByTestId('network-notice')).toHaveText(
      'Network connection problems, please try again later.',
    );
    await expect(page.getByTestId('group-button')).toHaveCount(0);
    await expect(page.getByTestId('reload-button')).toHaveCount(0);

    // a reload without network: the kept index.html boots the app, which shows its offline screen
    await page.reload();
    await expect(page.getByTestId('offline-screen')).toBeVisible({ timeout: 30_000 });

    await context.setOffline(false);
    await page.reload();
    await expect(page.getByTestId('document-list')).toBeVisible();
    await expect(page.getByTestId('network-notice')).toHaveCount(0);
  });
});
