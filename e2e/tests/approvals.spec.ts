import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

/**
 * Approvals, end to end in two browsers: a requester writes a requisition and sees, before
 * submitting it, who will approve it and which rule put them there (the seeded rule 'Purchasing
 * Lisboa requisitions' names the tenant's managers); the manager hears of it live on the bell, opens
 * it from the notification and approves; the requester then reads who decided.
 * The requester works in Portuguese: the steps go by test ids, names and numbers, not by labels.
 */
test('a requester submits a requisition, sees who will approve and why, and the manager approves it live', async ({
  browser,
}) => {
  const requesterContext = await browser.newContext();
  const managerContext = await browser.newContext();
  const requester = await requesterContext.newPage();
  const manager = await managerContext.newPage();
  const description = `Packaging tape ${Date.now()}`;

  // the manager is signed in and listening before anything is submitted
  await signIn(manager, 'manager');
  await expect(manager.getByTestId('notifications-button')).toBeVisible();

  await signIn(requester, 'requester');
  await requester.goto('/requisition/new');
  await requester.locator('#input-doc-subtype').selectOption('R001');
  await requester.locator('#input-description').fill(description);
  await requester.locator('#input-deliveryDate').fill('15-12-2026');
  await requester.getByTestId('line-add').click();
  await requester.locator('#line-0-item').fill('MAT-3300');
  await requester.locator('#line-0-description').fill('Packaging tape');
  await requester.locator('#line-0-quantity').fill('20');
  // the requester's estimated price (a requisition valued 0.00 goes to no approver)
  await requester.locator('#line-0-price').fill('3.5');

  // while the requisition is written, the dry run of the server's rules says who will approve it
  const plan = requester.getByTestId('approval-plan');
  await expect(plan.getByTestId('approval-plan-rule')).toContainText('Purchasing Lisboa requisitions');
  await expect(plan.getByTestId('approval-member').first()).toHaveText('Miguel Moreira');

  await requester.getByTestId('action-save').click();
  await expect(requester).toHaveURL(/\/requisition\/\d+$/);
  await expect(requester.getByTestId('document-form')).toHaveAttribute('data-mode', 'read');
  const url = requester.url();
  // stored and not yet submitted: still the same answer, now judged on the stored requisition
  await expect(requester.getByTestId('approval-plan-rule')).toContainText('Purchasing Lisboa requisitions');
  await expect(requester.getByTestId('approval-level')).toHaveCount(1);

  await requester.getByTestId('workflow-action-submit-approval').click();
  await requester.getByTestId('workflow-confirm').click();
  await expect(requester.getByTestId('form-state')).toHaveAttribute('data-state', 'approval');
  const progress = requester.getByTestId('approval-progress');
  await expect(progress).toHaveAttribute('data-state', 'manager-approval');
  await expect(progress.getByTestId('approval-missing')).toContainText('Miguel Moreira');

  // the manager's bell rings without a reload (server-sent events), and the notification opens it
  await expect(manager.getByTestId('notifications-badge')).toBeVisible({ timeout: 15_000 });
  await manager.getByTestId('notifications-button').click();
  const notice = manager
    .getByTestId('notification')
    .filter({ hasText: 'was submitted for approval' })
    .first();
  await expect(notice).toBeVisible();
  await notice.getByRole('link').first().click();
  await expect(manager).toHaveURL(url);
  await expect(manager.getByTestId('approval-progress')).toHaveAttribute('data-state', 'manager-approval');
  await manager.getByTestId('workflow-action-approve').click();
  await manager.getByTestId('workflow-confirm').click();
  await expect(manager.getByTestId('form-state')).toHaveAttribute('data-state', 'approved');
  await expect(manager.getByTestId('approval-progress')).toHaveAttribute('data-state', 'completed');

  // the requester reads who decided
  await requester.reload();
  await expect(requester.getByTestId('form-state')).toHaveAttribute('data-state', 'approved');
  await expect(requester.getByTestId('approval-vote')).toContainText('Miguel Moreira');
  await expect(requester.getByTestId('approval-vote')).toHaveAttribute('data-decision', 'approve');

  await requesterContext.close();
  await managerContext.close();
});
