import { afterEach, describe, expect, it } from 'vitest';
import { memo, useEffect } from 'react';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render.tsx';
import { setLanguage } from './i18n.ts';
import { useTranslation, type Translation } from './use-translation.ts';

afterEach(async () => {
  await setLanguage('en');
});

describe('useTranslation', () => {
  it('gives every component the same answer, and a new one in the new language', async () => {
    const seen: Translation[] = [];
    // memo: nothing but the language switch renders it again
    const Probe = memo(function Probe({ id }: { id: string }) {
      const answer = useTranslation();
      useEffect(() => void seen.push(answer));
      return <span data-testid={id}>{answer.t('confirm.yes')}</span>;
    });
    renderWithProviders(
      <>
        <Probe id="a" />
        <Probe id="b" />
      </>,
    );
    expect(screen.getByTestId('a').textContent).toBe('Yes');
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);

    await act(() => setLanguage('pt'));
    expect(screen.getByTestId('a').textContent).toBe('Sim');
    expect(screen.getByTestId('b').textContent).toBe('Sim');
    expect(seen).toHaveLength(4);
    expect(seen[2]).toBe(seen[3]);
    expect(seen[2]!.t).not.toBe(seen[0]!.t);
    expect(seen[2]!.i18n.language).toBe('pt');
  });
});
