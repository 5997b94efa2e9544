import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers.ts';

/**
 * The message box (seed 001 sections 2.3 and 6): a buyer posts a note with a file as Internal and
 * another as External on an order sent to its supplier; the supplier's user reads only the
 * External one and opens its file, and is refused the Internal file.
 */

const INTERNAL_TEXT = 'E2E internal: our margin on this order is 40%';
const EXTERNAL_TEXT = 'E2E external: please confirm the delivery window';

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/auth/signin', { data: { username, password: DEMO_PASSWORD } });
  return ((await res.json()) as { token: string }).token;
}

/** An Alfa order its supplier sees (erp-done: sent to the supplier). */
async function sentAlfaOrder(request: APIRequestContext): Promise<string> {
  const token = await tokenOf(request, 'supplier');
  const res = await request.get('/api/purchasing/order?l=50', {
    headers: { authorization: `Bearer ${token}` },
  });
  const items = ((await res.json()) as { items: Array<{ _id: string; _state: { current: string } }> }).items;
  return items.find((o) => o._state.current === 'erp-done')!._id;
}

async function postNote(page: Page, text: string, audience: 'Internal' | 'External', file: string) {
  const box = page.getByTestId('message-box');
  await box.getByTestId('note-to').getByText(audience, { exact: true }).click();
  await box.getByTestId('note-text-input').fill(text);
  await box.getByTestId('note-file-input').setInputFiles({
    name: file,
    mimeType: 'text/plain',
    buffer: Buffer.from(`${audience} attachment`),
  });
  await expect(box.getByTestId('note-new-files')).toContainText(file);
  const posted = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/communication\/messages\/order\/\d+$/.test(r.url()),
  );
  await box.getByTestId('note-submit').click();
  expect((await posted).status()).toBe(200);
  // the form clears, the note shows
  await expect(box.getByTestId('note-text-input')).toHaveValue('');
  await expect(box.getByTestId('note').filter({ hasText: text })).toBeVisible();
}

test('a supplier reads the External note and its file, never the Internal one', async ({
  page,
  browser,
  request,
}) => {
  const orderId = await sentAlfaOrder(request);

  await signIn(page, 'buyer');
  await page.goto(`/order/${orderId}`);
  await expect(page.getByTestId('document-form')).toBeVisible();
  const box = page.getByTestId('message-box');
  await expect(box).toBeVisible();
  // buyers choose among three audiences, Internal by default
  await expect(box.getByTestId('note-to').getByRole('button')).toHaveText([
    'Everyone',
    'Internal',
    'External',
  ]);
  await expect(box.getByTestId('note-to').getByRole('button', { pressed: true })).toHaveText('Internal');
  await expect(box.getByTestId('note-submit')).toBeDisabled();

  await postNote(page, INTERNAL_TEXT, 'Internal', 'internal-costs.txt');
  await postNote(page, EXTERNAL_TEXT, 'External', 'delivery-plan.txt');
  const internal = box.getByTestId('note').filter({ hasText: INTERNAL_TEXT });
  await expect(internal.getByTestId('note-audience')).toHaveText('Internal');
  await expect(internal.getByTestId('note-file')).toContainText('internal-costs.txt');
  const internalNoteId = await internal.getAttribute('data-note-id');

  // the supplier's user, in a browser of its own
  const context = await browser.newContext();
  const supplierPage = await context.newPage();
  await signIn(supplierPage, 'supplier');
  await supplierPage.goto(`/order/${orderId}`);
  await expect(supplierPage.getByTestId('document-form')).toBeVisible();
  const theirs = supplierPage.getByTestId('message-box');
  const external = theirs.getByTestId('note').filter({ hasText: EXTERNAL_TEXT });
  await expect(external).toBeVisible();
  await expect(external.getByTestId('note-audience')).toHaveText('External');
  await expect(theirs.getByTestId('note')).toHaveCount(1);
  await expect(supplierPage.locator('body')).not.toContainText(INTERNAL_TEXT);
  await expect(supplierPage.locator('body')).not.toContainText('internal-costs.txt');
  // suppliers write External only
  await expect(theirs.getByTestId('note-to').getByRole('button')).toHaveText(['External']);

  // its file opens through a download link
  const popup = supplierPage.waitForEvent('popup');
  await external.getByTestId('note-file').click();
  const tab = await popup;
  await tab.waitForLoadState();
  await expect(tab.locator('body')).toContainText('External attachment');
  await tab.close();

  // and the Internal note's file is not found for it
  const supplierToken = await tokenOf(request, 'supplier');
  const buyerToken = await tokenOf(request, 'buyer');
  const notes = await request.get(`/api/communication/notes/order/${orderId}`, {
    headers: { authorization: `Bearer ${buyerToken}` },
  });
  const all = (
    (await notes.json()) as Array<{ _id: string; text: string; files: Array<{ _id: string }> }>
  ).filter((n) => n.text === INTERNAL_TEXT || n.text === EXTERNAL_TEXT);
  const internalFile = all.find((n) => n._id === internalNoteId)!.files[0]!._id;
  const refused = await request.get(`/api/files/${internalFile}`, {
    headers: { authorization: `Bearer ${supplierToken}` },
  });
  expect(refused.status()).toBe(404);
  await context.close();

  // the world as it was: the buyer deletes both notes
  for (const n of all)
    expect(
      (
        await request.get(`/api/communication/messages/delete/${n._id}`, {
          headers: { authorization: `Bearer ${buyerToken}` },
        })
      ).status(),
    ).toBe(200);
});
