import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';

export const DEMO_PASSWORD = 'P2p-demo-2026!';

/** Signs in through the sign-in screen; expects to land on `landing` (default '/'). */
export async function signIn(
  page: Page,
  username: string,
  options: { landing?: string; goto?: boolean } = {},
) {
  if (options.goto !== false) await page.goto('/signin');
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.getByTestId('signin-submit').click();
  await expect(page).toHaveURL(new RegExp(`${escape(options.landing ?? '/')}(\\?.*)?$`));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The decoded x-p2p-context header of a request, or null when absent. */
export function contextOf(request: Request): Record<string, unknown> | null {
  const value = request.headers()['x-p2p-context'];
  if (!value) return null;
  return JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as Record<string, unknown>;
}

/** Picks an entry of the group drawer's list ('group-option-all', 'group-entry-it-services', ...). */
export async function workIn(page: Page, testId: string) {
  await page.getByTestId('group-button').click();
  await expect(page.getByTestId('group-drawer')).toBeVisible();
  if (await page.getByTestId('group-mode-groups').isVisible())
    await page.getByTestId('group-mode-groups').click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/profile/user/config'));
  await page.getByTestId(testId).click();
  expect((await saved).status()).toBe(200);
  // the drawer closes itself after a choice
  await expect(page.getByTestId('group-drawer')).toBeHidden();
}

/** The number of a list's 'N records' count. */
export async function listCount(page: Page): Promise<number> {
  const count = page.getByTestId('table-count');
  await expect(count).toContainText(/\d/);
  return Number((await count.innerText()).replace(/[^0-9]/g, ''));
}

/** The working context a demo user was seeded with (tests that change it put it back). */
const SEEDED_GROUP: Record<string, string> = { buyer: 'purchasing-lisboa' };

export async function resetContext(request: APIRequestContext, username: string) {
  const signin = await request.post('/api/auth/signin', { data: { username, password: DEMO_PASSWORD } });
  const { token, user } = (await signin.json()) as {
    token: string;
    user: { groups: Array<{ _id: string; key: string }> };
  };
  const group = user.groups.find((g) => g.key === SEEDED_GROUP[username])?._id ?? null;
  const saved = await request.post('/api/profile/user/config', {
    headers: { authorization: `Bearer ${token}` },
    data: { context: { active: 'group', group, plant: null, location: null, workgroup: null } },
  });
  expect(saved.status()).toBe(200);
}
