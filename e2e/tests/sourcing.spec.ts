import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

/**
 * Sourcing (RFx) through the browser: a requester sends a requisition to sourcing, the rfx manager
 * invites two suppliers and opens the RFx, each supplier prices and submits its own proposal (the
 * invitation), and the RFx runs through inspection and approval to the award, which makes the
 * order draft.
 */

const nextYear = new Date().getUTCFullYear() + 1;
const CLOSING = `30-06-${nextYear}`;

/** A page of its own (own session) for `username`. */
async function as(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username);
  return page;
}

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('p2p.session') ?? '{}') as { token: string }).token,
  );
}

/** Runs the workflow action `name` of the open form, with a comment when given, and waits for `state`. */
async function run(page: Page, name: string, state: string, comment?: string) {
  await page.getByTestId(`workflow-action-${name}`).click();
  if (comment) await page.getByTestId('workflow-comment').fill(comment);
  await page.getByTestId('workflow-confirm').click();
  await expect(page.getByTestId('form-state')).toHaveAttribute('data-state', state);
}

async function pickSupplier(page: Page, name: string) {
  await page.locator('#input-suppliers').fill(name.split(' ')[0]!);
  await page.getByRole('option', { name: new RegExp(name) }).click();
}

/** The supplier's proposal for the RFx: found in its list, priced line by line and submitted. */
async function submitProposal(browser: Browser, username: string, rfxKey: string, prices: string[]) {
  const page = await as(browser, username);
  await page.goto('/rfx-proposal');
  await page.getByTestId('list-table').getByTestId('table-row').filter({ hasText: rfxKey }).first().click();
  await expect(page.getByTestId('form-state')).toHaveAttribute('data-state', 'created');
  await page.getByTestId('action-edit').click();
  for (const [i, price] of prices.entries()) await page.locator(`#line-${i}-price`).fill(price);
  await page.getByTestId('action-save').click();
  await expect(page.getByTestId('document-form')).toHaveAttribute('data-mode', 'read');
  await run(page, 'confirm', 'completed');
  await page.context().close();
}

/** Closes the catalogue look-up's suggestions of an item input (they open after a short delay). */
async function closeLookup(page: Page, input: string) {
  const panel = page.locator('.p-autocomplete-panel');
  await panel.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
  await page.locator(input).press('Escape');
  await expect(panel).toBeHidden();
}

test('a requisition goes to sourcing and its RFx runs to the award', async ({ browser }) => {
  // six people sign in and take about 60 steps: over a minute on a busy 2-core machine
  test.setTimeout(150_000);
  // the requester files the requisition and sends it to sourcing
  const requester = await as(browser, 'requester');
  await requester.goto('/requisition/new');
  await requester.locator('#input-doc-subtype').selectOption('R002');
  await requester.locator('#input-description').fill('E2E cleaning services');
  await requester.getByTestId('line-add').click();
  await requester.locator('#line-0-item').fill('SRV-0300');
  // the catalogue look-up offers matches; the code typed is kept
  await closeLookup(requester, '#line-0-item');
  await requester.locator('#line-0-quantity').fill('12');
  // the requester's estimated prices (requisition lines require one)
  await requester.locator('#line-0-price').fill('1400');
  await requester.getByTestId('line-add').click();
  await requester.locator('#line-1-item').fill('MAT-9001');
  await closeLookup(requester, '#line-1-item');
  await requester.locator('#line-1-quantity').fill('40');
  await requester.locator('#line-1-price').fill('2.1');
  await requester.getByTestId('action-save').click();
  await expect(requester).toHaveURL(/\/requisition\/\d+$/);
  await run(requester, 'workflow', 'rfq');
  const requisitionId = requester.url().split('/').pop()!;
  const requisition = await requester.request.get(`/api/purchasing/requisition/${requisitionId}`, {
    headers: { authorization: `Bearer ${await tokenOf(requester)}` },
  });
  const rfxRef = ((await requisition.json()) as { reference: { rfx: { _id: string; key: string } } })
    .reference.rfx;
  await expect(requester.getByTestId('field-reference.rfx')).toContainText(rfxRef.key);

  // the rfx manager has the Sourcing lists in its sidebar; it invites two suppliers and opens the RFx
  const manager = await as(browser, 'rfx-manager');
  const sidebar = manager.getByTestId('sidebar');
  await sidebar.getByRole('button', { name: 'Sourcing' }).click();
  await expect(sidebar.getByRole('link', { name: 'RFx' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Proposals' })).toBeVisible();
  await manager.goto(`/purchase-rfx/${rfxRef._id}`);
  await expect(manager.getByTestId('form-state')).toHaveAttribute('data-state', 'created');
  await manager.getByTestId('action-edit').click();
  await pickSupplier(manager, 'Alfa Components Lda');
  await pickSupplier(manager, 'Beta Logistics SA');
  await manager.locator('#input-closingDate').fill(CLOSING);
  await manager.getByTestId('action-save').click();
  await expect(manager.getByTestId('document-form')).toHaveAttribute('data-mode', 'read');
  await run(manager, 'workflow', 'proposal');

  // each supplier prices and submits its own proposal
  await submitProposal(browser, 'supplier', rfxRef.key, ['1500', '2.5']);
  await submitProposal(browser, 'supplier2', rfxRef.key, ['1700', '2.1']);

  // inspection, award plan, approval and award
  await manager.reload();
  await run(manager, 'workflow', 'first-inspection');
  await manager.getByTestId('action-edit').click();
  const award = manager.locator('#input-award-proposal');
  const suggested = manager.waitForResponse((r) => r.url().includes('/api/purchasing/rfx-proposal?'));
  await award.fill(`${rfxRef.key} Alfa`);
  await suggested;
  await expect(manager.getByRole('option', { name: /Alfa Components Lda/ })).toBeVisible();
  // picked with the keyboard, as the other reference fields of the suite (a click on a suggestion is lost)
  await award.press('ArrowDown');
  await award.press('Enter');
  await manager.locator('#input-award-justification').fill('Lowest price for the full scope.');
  await manager.getByTestId('action-save').click();
  await expect(manager.getByTestId('document-form')).toHaveAttribute('data-mode', 'read');
  await run(manager, 'workflow', 'proposed');
  await run(manager, 'workflow', 'first-approval');
  await run(manager, 'reject-plan', 'regularization', 'Attach the technical comparison.');
  await run(manager, 'workflow', 'first-approval');
  await run(manager, 'workflow', 'execution');
  await expect(manager.getByTestId('field-award.document')).toContainText('PO-');

  // the order draft for Alfa, and the requisition closed
  const token = await tokenOf(manager);
  const rfx = await manager.request.get(`/api/purchasing/purchase-rfx/${rfxRef._id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const orderId = ((await rfx.json()) as { award: { document: { _id: string } } }).award.document._id;
  const buyer = await as(browser, 'buyer');
  await buyer.goto(`/order/${orderId}`);
  await expect(buyer.getByTestId('form-state')).toHaveAttribute('data-state', 'created');
  await expect(buyer.getByTestId('field-supplier.name')).toContainText('Alfa Components Lda');
  await requester.reload();
  await expect(requester.getByTestId('form-state')).toHaveAttribute('data-state', 'closed');
});
