import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { GROUP_OPTION_LABELS, MESSAGES, PASSWORD_RULE_MESSAGES, PASSWORD_STRENGTH_LABELS } from '@p2p/domain';
import en from '../locales/en.json';
import pt from '../locales/pt.json';
import { NotFound } from '../components/NotFound.tsx';
import { OfflineScreen } from '../components/OfflineScreen.tsx';
import { renderWithProviders } from '../test/render.tsx';
import { i18n, setLanguage } from './i18n.ts';

const keys = (obj: object, prefix = ''): string[] =>
  Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

afterEach(async () => {
  await setLanguage('en');
});

describe('i18n', () => {
  it('has the same keys in en and pt, none empty', () => {
    expect(keys(pt).sort()).toEqual(keys(en).sort());
    for (const k of keys(pt)) expect(i18n.t(k, { lng: 'pt' })).not.toBe('');
  });

  it('keeps the en texts identical to the specification', () => {
    for (const [k, v] of Object.entries(MESSAGES)) expect(en.messages[k as keyof typeof en.messages]).toBe(v);
    for (const [k, v] of Object.entries(PASSWORD_RULE_MESSAGES))
      expect(en.password.rules[k as keyof typeof en.password.rules]).toBe(v);
    for (const [k, v] of Object.entries(GROUP_OPTION_LABELS))
      expect(en.groupOptions[k as keyof typeof en.groupOptions]).toBe(v);
    expect([en.password.weak, en.password.medium, en.password.strong]).toEqual([
      PASSWORD_STRENGTH_LABELS[1],
      PASSWORD_STRENGTH_LABELS[2],
      PASSWORD_STRENGTH_LABELS[3],
    ]);
    expect(en.auth.registration.done).toBe('Your registration was received and waits for approval.');
    expect([en.confirm.cancel, en.confirm.no, en.confirm.yes]).toEqual(['Cancel', 'No', 'Yes']);
  });

  it('renders Portuguese text after switching to pt', async () => {
    renderWithProviders(
      <>
        <NotFound />
        <OfflineScreen pollMs={1e9} />
      </>,
    );
    expect(screen.getByText('Page not found')).toBeTruthy();
    await act(() => setLanguage('pt'));
    expect(screen.getByText('Página não encontrada')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'A aplicação está offline, esta página será atualizada automaticamente quando estiver novamente disponível. Pedimos desculpa pelo incómodo, se precisar de assistência, contacte o helpdesk.',
    );
    expect(localStorage.getItem('p2p.lang')).toBe('pt');
    expect(document.documentElement.lang).toBe('pt');
  });
});
