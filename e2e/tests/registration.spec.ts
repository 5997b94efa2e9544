import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

test('a supplier registers through the wizard, is approved, sets a password and signs in', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  await page.goto('/supplierRegistration');
  await page.locator('#companyName').fill(`Omega Parts ${stamp}`);
  await page.locator('#vat').fill(`PT5${stamp}`.slice(0, 14));
  await page.locator('#street').fill('Rua das Flores');
  await page.locator('#housenum').fill('12');
  await page.locator('#postcode').fill('1200-195');
  await page.locator('#city').fill('Lisboa');
  await page.locator('#country').fill('PT');
  await page.getByTestId('wizard-next').click();

  // The contact step's validation blocks the move until the e-mail is valid.
  await page.locator('#contactName').fill('Olga Martins');
  await page.locator('#email').fill('not-an-email');
  await page.locator('#username').fill(`omega-${stamp}`);
  await page.getByTestId('wizard-next').click();
  await expect(page.locator('#acceptTerms')).toHaveCount(0);
  await page.locator('#email').fill(`olga.${stamp}@omega.example`);
  await page.getByTestId('wizard-next').click();

  await expect(page.getByText('I agree to these terms and conditions', { exact: true })).toBeVisible();
  await expect(page.getByTestId('wizard-finish')).toBeDisabled();
  await page.locator('#acceptTerms').check();
  await page.getByTestId('wizard-finish').click();
  await expect(page.getByTestId('registration-done')).toContainText(
    'Your registration was received and waits for approval.',
  );

  // The supplier manager approves it and gets the one-time set-password link.
  await signIn(page, 'manager-supplier');
  await page.goto('/account/registrations');
  const row = page.getByTestId('registrations-table').locator('tr', { hasText: `Omega Parts ${stamp}` });
  await row.getByRole('button', { name: 'Approve' }).click();
  const link = await page.getByTestId('set-password-link').innerText();
  expect(link).toMatch(/^\/set-password\/\S+$/);
  await page.getByTestId('signout').click();
  await expect(page).toHaveURL(/\/signin/);

  await page.goto(link);
  await page.locator('#password').fill('weak');
  await expect(page.getByTestId('set-password-submit')).toBeDisabled();
  await page.locator('#password').fill('Omega-Strong-2026');
  await page.locator('#confirmPassword').fill('Omega-Strong-2026');
  await page.getByTestId('set-password-submit').click();
  await expect(page.getByTestId('set-password-done')).toBeVisible();

  await page.goto('/signin');
  await page.locator('#username').fill(`omega-${stamp}`);
  await page.locator('#password').fill('Omega-Strong-2026');
  await page.getByTestId('signin-submit').click();
  await expect(page.getByTestId('header-user-name')).toHaveText('Hello, Olga Martins');
  await expect(page.getByTestId('header-role-name')).toHaveText('Supplier');
});
