import { Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../../lib/i18n.ts';
import { lazyPage } from './pages.tsx';

const versionResponse = (version: string) =>
  new Response(JSON.stringify({ version }), { status: 200, headers: { 'content-type': 'application/json' } });

function renderPage(Page: ReturnType<typeof lazyPage<{ text: string }>>) {
  return render(
    <I18nextProvider i18n={i18n}>
      <Suspense fallback={<p data-testid="fallback">…</p>}>
        <Page text="Orders" />
      </Suspense>
    </I18nextProvider>,
  );
}

describe('lazyPage', () => {
  it('shows the fallback, then the page once its chunk has loaded', async () => {
    let resolve: (c: (p: { text: string }) => ReactNode) => void = () => undefined;
    const Page = lazyPage<{ text: string }>(() => new Promise((r) => (resolve = r)));
    renderPage(Page);
    expect(screen.getByTestId('fallback')).toBeTruthy();
    resolve(({ text }) => <h1>{text}</h1>);
    expect(await screen.findByText('Orders')).toBeTruthy();
  });

  it('shows the offline screen when the chunk fails and no newer build is deployed', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(versionResponse('1000')));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Page = lazyPage<{ text: string }>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    renderPage(Page);
    expect(await screen.findByTestId('offline-screen')).toBeTruthy();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
