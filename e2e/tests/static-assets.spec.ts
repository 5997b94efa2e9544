import { expect, test, type Response } from '@playwright/test';
import { signIn } from './helpers.ts';

// The web app's scripts and styles come as compressed at build (a length of their own, not
// compressed again on each request, which sends them chunked), with a year of caching.
test('every script and style of the sign-in page, the shell and an order form is precompressed and cached for a year', async ({
  page,
}) => {
  const assets: Response[] = [];
  page.on('response', (response) => {
    if (/\/assets\/[^/?]+\.(js|css)(\?|$)/.test(response.url())) assets.push(response);
  });
  await signIn(page, 'buyer');
  await page.goto('/order/new');
  await expect(page.getByTestId('document-form')).toBeVisible();

  expect(assets.length).toBeGreaterThan(10);
  const wrong: string[] = [];
  for (const response of assets) {
    const headers = await response.allHeaders();
    const name = new URL(response.url()).pathname;
    if (response.status() !== 200) wrong.push(`${name}: ${response.status()}`);
    else if (headers['content-encoding'] !== 'br') wrong.push(`${name}: ${headers['content-encoding']}`);
    else if (!headers['content-length']) wrong.push(`${name}: compressed on request (no length)`);
    else if (!/max-age=31536000.*immutable/.test(headers['cache-control'] ?? ''))
      wrong.push(`${name}: ${headers['cache-control']}`);
  }
  expect(wrong).toEqual([]);
});
