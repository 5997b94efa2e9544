import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

/**
 * The app runs under the server's Content-Security-Policy (apps/server/src/lib/security-headers.ts)
 * without one violation: signing in, the order list, an order, the notifications and the help.
 * Violations are collected two ways: the `securitypolicyviolation` event of every document the
 * page loads, and Chromium's console message for a refused resource.
 */
interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

async function watchViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await page.exposeFunction('__reportCspViolation', (v: Violation) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (v: unknown) => void })
        .__reportCspViolation;
      report({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text))
      violations.push({ directive: 'console', blocked: text, source: '' });
  });
  return violations;
}

test('the app runs under the Content-Security-Policy without a violation', async ({ page }) => {
  const violations = await watchViolations(page);

  // the policy is really there, and forbids inline scripts
  const response = await page.goto('/signin');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // another site may not frame the app; the app itself may (frame widget, /frame/{source})
  expect(csp).toContain("frame-ancestors 'self'");
  expect(response?.headers()['x-frame-options']).toBe('SAMEORIGIN');

  await signIn(page, 'buyer', { goto: false });

  await page.goto('/order');
  const rows = page.getByTestId('list-table').getByTestId('table-row');
  await expect(rows.first()).toBeVisible();
  const id = await rows.first().getAttribute('data-id');
  await page.goto(`/order/${id}`);
  await expect(page.getByTestId('document-form')).toBeVisible();

  // notification text and help content are server html rendered through SafeHtml
  await page.getByTestId('notifications-button').click();
  await expect(page.getByTestId('notification').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/help/home');
  await expect(page.getByTestId('help-doc')).toBeVisible();

  // late reports (styles, fonts) arrive after the paint
  await page.waitForTimeout(500);
  expect(violations).toEqual([]);
});
