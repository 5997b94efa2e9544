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
  // the full address to hand over (issue 11), on this server
  expect(link).toMatch(/^https?:\/\/[^/]+\/set-password\/\S+$/);
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

test('a supplier manager rejects a registration: asked first, then the contact cannot sign in', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const company = `Sigma Tools ${stamp}`;
  const registered = await page.request.post('/api/auth/supplier-registration', {
    data: {
      company: {
        name: company,
        vat: `PT6${stamp}`.slice(0, 14),
        address: { street: 'Rua do Ouro', postcode: '1100-060', city: 'Lisboa', country: 'PT' },
      },
      contact: { name: 'Sara Silva', email: `sara.${stamp}@sigma.example`, username: `sigma-${stamp}` },
      acceptTerms: true,
    },
  });
  expect(registered.status()).toBe(201);

  await signIn(page, 'manager-supplier');
  await page.goto('/account/registrations');
  const row = page.getByTestId('registrations-table').locator('tr', { hasText: company });
  await row.getByTestId('registration-reject').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(company);
  await confirm.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByTestId('rejection-result')).toHaveText(
    `${company} rejected: the contact's account is disabled.`,
  );
  await expect(page.getByTestId('registrations-table').locator('tr', { hasText: company })).toHaveCount(0);

  const signin = await page.request.post('/api/auth/signin', {
    data: { username: `sigma-${stamp}`, password: 'Any-Password-2026' },
  });
  expect(signin.status()).toBeGreaterThanOrEqual(400);
});
