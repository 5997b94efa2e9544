import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { setLanguage } from '../lib/i18n.ts';
import { renderWithProviders } from '../test/render.tsx';
import { Loading } from './Loading.tsx';

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('Loading', () => {
  it("names its spinner's progressbar, as axe's aria-progressbar-name asks, in the user's language", async () => {
    renderWithProviders(<Loading />);
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    await act(() => setLanguage('pt'));
    expect(screen.getByRole('progressbar', { name: 'A carregar…' })).toBeTruthy();
  });
});
