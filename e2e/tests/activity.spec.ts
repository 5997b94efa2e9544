import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers.ts';

/** Recent activity, chats and the photo: each seen through the screens, as the users use them. */

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};
/** A landscape PNG the browser decodes (a gradient), for the photo chooser. */
function landscapePng(width = 320, height = 200): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rows.set([x % 256, y % 256, 120], y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Nothing in the page's content is wider than the window (the screens are checked at 390 px). */
async function fitsWidth(page: Page) {
  const wide = await page.evaluate(() =>
    Array.from(document.querySelectorAll('main *'))
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .map((e) => `${e.tagName}.${String(e.className)}`),
  );
  expect(wide).toEqual([]);
}

/** On a phone the sidebar would cover the content: start with it closed, as a phone user would. */
const sidebarClosed = () => localStorage.setItem('p2p.sidebar.open', 'false');

test('the recent activity card switches kind and opens a document', async ({ page }) => {
  await signIn(page, 'buyer');
  const card = page.getByTestId('activity-card');
  await expect(card.getByRole('heading', { name: 'Recent activity' })).toBeVisible();
  // the default kind: pending requisitions, 5 of them
  await expect(card.getByTestId(/^activity-item-/)).toHaveCount(5);
  await card.getByTestId('activity-kind').click();
  await page.getByRole('option', { name: 'Recent orders' }).click();
  const first = card.getByTestId(/^activity-item-/).first();
  // an order's number: the server's (PO-000123) or the ERP's ten digits
  await expect(first).toContainText(/^(PO-\d{6}|\d{10}) - /);
  await card.getByTestId('activity-count').fill('3');
  await card.getByTestId('activity-count').blur();
  await expect(card.getByTestId(/^activity-item-/)).toHaveCount(3);
  await first.click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  await expect(page.getByTestId('document-form')).toBeVisible();
});

test('a chat about a document is created and read by the other participant', async ({ page, browser }) => {
  await signIn(page, 'buyer');
  const signin = await page.request.post('/api/auth/signin', {
    data: { username: 'buyer', password: DEMO_PASSWORD },
  });
  const { token } = (await signin.json()) as { token: string };
  const orders = await page.request.get('/api/purchasing/order?l=1', {
    headers: { authorization: `Bearer ${token}` },
  });
  const order = ((await orders.json()) as { items: Array<{ _id: string; key: string }> }).items[0]!;
  const text = `Can the delivery of ${order.key} move to Friday? ${Date.now()}`;

  await page.goto(`/chat/create?model=order&id=${order._id}`);
  await expect(page.getByTestId('chat-document').locator('input')).toHaveValue(new RegExp(order.key));
  await page.getByTestId('chat-participants').locator('input').fill('Miguel');
  await page.getByRole('option', { name: 'Miguel Moreira' }).click();
  await page.getByTestId('chat-text').fill(text);
  await page.getByTestId('chat-create').click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]+$/);
  await expect(page.getByTestId('chat-message')).toHaveCount(1);
  await expect(page.getByTestId('chat-message').first()).toContainText(text);

  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await other.addInitScript(sidebarClosed);
  const manager = await other.newPage();
  await signIn(manager, 'manager');
  const item = manager
    .getByTestId('chat-card')
    .getByRole('link', { name: new RegExp(`Order ${order.key}`) })
    .first();
  await expect(item).toBeVisible();
  await fitsWidth(manager);
  await item.click();
  await expect(manager.getByTestId('chat-message').last()).toContainText(text);
  await fitsWidth(manager);
  await manager.getByTestId('chat-reply').fill('Friday is fine.');
  await manager.getByTestId('chat-send').click();
  await expect(manager.getByTestId('chat-message').last()).toContainText('Friday is fine.');
  await other.close();

  await page.reload();
  await expect(page.getByTestId('chat-message').last()).toContainText('Friday is fine.');
});

test('a photo is uploaded as a square crop and replaces the placeholder', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(sidebarClosed);
  await signIn(page, 'requester');
  await page.goto('/account');
  const photo = page.getByTestId('account-photo');
  // a previous run may have left one: start from the placeholder
  if (await photo.getByTestId('photo-remove').isVisible()) {
    await photo.getByTestId('photo-remove').click();
    await page.getByRole('button', { name: 'Sim' }).click();
  }
  await expect(photo.getByTestId('user-no-photo')).toHaveText('RR');
  await photo.getByTestId('photo-change').click();
  await page
    .getByTestId('photo-file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: landscapePng() });
  await expect(page.getByTestId('photo-crop')).toBeVisible();
  await fitsWidth(page);
  await page.getByTestId('photo-crop').focus();
  await page.keyboard.press('ArrowLeft');
  const upload = page.waitForResponse(
    (r) => r.url().endsWith('/api/profile/photo') && r.request().method() === 'POST',
  );
  await page.getByTestId('photo-save').click();
  const answer = (await (await upload).json()) as { photo: { side: number } };
  expect(answer.photo.side).toBe(256);
  await expect(photo.getByTestId('user-photo')).toBeVisible();
  await photo.getByTestId('photo-remove').click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(photo.getByTestId('user-no-photo')).toBeVisible();
});
