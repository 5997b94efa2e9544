import { expect, test } from '@playwright/test';
import { contextOf, resetContext, signIn } from './helpers.ts';

test.afterEach(async ({ request }) => {
  await resetContext(request, 'buyer');
});

test('a buyer signs in and sees name, role, sidebar and group name', async ({ page }) => {
  await signIn(page, 'buyer');
  await expect(page.getByTestId('header-user-name')).toHaveText('Hello, Beatriz Barros');
  await expect(page.getByTestId('header-role-name')).toHaveText('Buyer');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toContainText('Purchasing');
  await expect(page.getByTestId('group-button')).toHaveText('Purchasing Lisboa');
  await expect(page.getByTestId('home-greeting')).toContainText('Beatriz Barros');
});

test('switching group changes the header and the context sent on every call', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.getByTestId('group-button').click();
  const drawer = page.getByTestId('group-drawer');
  await expect(drawer).toContainText('Keep working in');
  await expect(drawer).toContainText('or select one from the list below');
  await expect(page.getByTestId('group-drawer-current')).toHaveText('Purchasing Lisboa');
  if (await page.getByTestId('group-mode-groups').isVisible())
    await page.getByTestId('group-mode-groups').click();

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/profile/user/config') && r.status() === 200,
  );
  await page.getByTestId('group-entry-it-services').click();
  await saved;
  await expect(page.getByTestId('group-button')).toHaveText('IT Services');

  // The next call carries the new context in the encoded header.
  const next = page.waitForRequest((r) => r.url().includes('/api/') && contextOf(r)?.group != null);
  await page.reload();
  const request = await next;
  const groups = await page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('p2p.session') ?? 'null') as {
      user: { groups: Array<{ _id: string; key: string }> };
    } | null;
    return session?.user.groups ?? [];
  });
  const itServices = groups.find((g) => g.key === 'it-services');
  expect(contextOf(request)?.group).toBe(itServices?._id);
  await expect(page.getByTestId('group-button')).toHaveText('IT Services');
});

test('picking a plant in the organization tree makes it the working context', async ({ page }) => {
  await signIn(page, 'manager');
  await page.getByTestId('group-button').click();
  // click waits for the drawer: an isVisible() check ran before it opened and skipped the mode
  await page.getByTestId('group-mode-organization').click();
  await page.getByTestId('org-filter').fill('madrid');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/profile/user/config'));
  await page.getByTestId('org-tree').getByText('Madrid Plant').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('group-button')).toContainText(/Madrid|Spain/);
});

test('a deep link while signed out goes to sign-in with the redirect and returns after sign-in', async ({
  page,
}) => {
  await page.goto('/account?tab=profile');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Faccount%3Ftab%3Dprofile$/);
  await signIn(page, 'buyer', { goto: false, landing: '/account?tab=profile' });
  await expect(page.getByTestId('account-page')).toBeVisible();
  await expect(page.getByTestId('account-username')).toHaveText('buyer');
});

test('sign out revokes the token on the server and returns to sign-in', async ({ page, request }) => {
  await signIn(page, 'buyer');
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('p2p.session') ?? '{}') as { token?: string }).token,
  );
  expect(token).toBeTruthy();
  await page.getByTestId('signout').click();
  await expect(page).toHaveURL(/\/signin/);
  const after = await request.get('/api/profile/user/me', { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
  expect((await after.json()).message).toBe('The authentication token is not valid.');
  // Signed out, protected pages send back to sign-in.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Faccount$/);
});

test('an invalid token signs the user out and resets the session', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('p2p.session') ?? '{}') as { token?: string };
    session.token = 'not-a-real-token';
    localStorage.setItem('p2p.session', JSON.stringify(session));
  });
  await page.goto('/account');
  await expect(page).toHaveURL(/\/signin/);
  expect(await page.evaluate(() => localStorage.getItem('p2p.session'))).toBeNull();
});

test('a 502 shows the offline notice, and the next successful response clears it', async ({ page }) => {
  await signIn(page, 'buyer');
  // the order list's answers come from a gateway whose application is down
  await page.route('**/api/purchasing/order?**', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' }),
  );
  await page.getByTestId('sidebar').getByRole('button', { name: 'Purchasing' }).click();
  await page.getByTestId('sidebar').getByRole('link', { name: 'Orders' }).click();
  const notice = page.getByTestId('offline-notice');
  await expect(notice).toHaveText(
    'Application is offline, this page will automatically refresh when it will be available again. We apologize for the inconvenience, if you need any assistance, please contact helpdesk.',
  );
  // While offline the group and reload buttons are hidden.
  await expect(page.getByTestId('group-button')).toBeHidden();
  await page.unroute('**/api/purchasing/order?**');
  // the next answer of the application clears it
  await page.getByTestId('sidebar').getByRole('link', { name: 'Home' }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByTestId('group-button')).toBeVisible();
});

test('the help panel shows the online help of the current screen', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.getByTestId('help-button').click();
  await expect(page.getByText('P2P online help')).toBeVisible();
  await expect(page.getByTestId('help-doc')).not.toBeEmpty();
  await expect(page.getByTestId('help-manual')).toHaveText('User Manual');
});

test('a supplier has no sidebar and no group button', async ({ page }) => {
  await signIn(page, 'supplier');
  await expect(page.getByTestId('header-role-name')).toHaveText('Supplier');
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await expect(page.getByTestId('group-button')).toHaveCount(0);
});

test('the language switch shows the app in Portuguese', async ({ page }) => {
  await signIn(page, 'auditor');
  await page.goto('/account');
  await page.locator('select#language').selectOption('pt');
  await expect(page.getByTestId('signout')).toHaveText('Sair');
  await expect(page.getByTestId('header-user-name')).toHaveText('Olá, Artur Antunes');
  await page.reload();
  await expect(page.getByTestId('signout')).toHaveText('Sair');
});

test('the sidebar expands one group at a time and a next level has a Back entry', async ({ page }) => {
  await signIn(page, 'buyer');
  const sidebar = page.getByTestId('sidebar');
  const purchasing = sidebar.getByRole('button', { name: 'Purchasing' });
  const receptions = sidebar.getByRole('button', { name: 'Receptions' });
  await purchasing.click();
  await expect(purchasing).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar.getByRole('link', { name: 'Orders' })).toBeVisible();
  await receptions.click();
  await expect(receptions).toHaveAttribute('aria-expanded', 'true');
  await expect(purchasing).toHaveAttribute('aria-expanded', 'false');
  await sidebar.getByRole('button', { name: 'Supplier dispatch' }).click();
  await expect(page.getByTestId('sidebar-back')).toHaveText(/Back/);
  await expect(sidebar.getByRole('link', { name: 'Dispatched goods' })).toBeVisible();
  await page.getByTestId('sidebar-back').click();
  await expect(receptions).toBeVisible();
});
