import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Notification } from '@p2p/domain';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { NotificationsList } from './NotificationsBell.tsx';

/** The server renders each text in the user's stored language (saved with the language choice). */
let serverLang: 'en' | 'pt';
const TEXT = {
  en: '<b>Order PO-000042</b> was approved.',
  pt: '<b>Encomenda PO-000042</b> foi aprovada.',
};
const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  await i18n.changeLanguage('en');
  serverLang = 'en';
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () =>
    jsonResponse([
      {
        _id: 'n1',
        text: TEXT[serverLang],
        link: '/order/42',
        icon: 'pi pi-sync',
        read: false,
        ts: '2026-03-04T09:00:00.000Z',
      },
    ] satisfies Notification[]),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => i18n.changeLanguage('en'));

describe('notification texts', () => {
  it('are read again in the new language when the user changes language', async () => {
    renderWithProviders(<NotificationsList />);
    expect((await screen.findByText('Order PO-000042')).tagName).toBe('B');
    serverLang = 'pt';
    await i18n.changeLanguage('pt');
    expect(await screen.findByText('Encomenda PO-000042')).toBeTruthy();
    expect(screen.getByTestId('notification').textContent).toContain('foi aprovada.');
    expect(screen.getByText('Abrir')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET')).toHaveLength(2);
  });
});
