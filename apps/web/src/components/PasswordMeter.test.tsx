import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { PASSWORD_RULE_MESSAGES } from '@p2p/domain';
import { PasswordMeter } from './PasswordMeter.tsx';
import { renderWithProviders } from '../test/render.tsx';

const ruleState = () =>
  Object.fromEntries(
    Array.from(screen.getByTestId('password-rules').querySelectorAll('li')).map((li) => [
      li.dataset.rule,
      li.dataset.ok === 'true',
    ]),
  );

describe('PasswordMeter', () => {
  it('lists every policy rule with its exact text', () => {
    renderWithProviders(<PasswordMeter password="" />);
    for (const message of Object.values(PASSWORD_RULE_MESSAGES))
      expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByTestId('password-strength').dataset.strength).toBe('0');
  });

  it('marks the rules met live and shows the strength', () => {
    const { rerender } = renderWithProviders(<PasswordMeter password="abc" />);
    expect(screen.getByTestId('password-strength').textContent).toBe('Strength: Weak');
    expect(ruleState()).toEqual({
      uppercase: false,
      digit: false,
      special: false,
      length: false,
      characters: true,
    });

    rerender(<PasswordMeter password="abcD12" />);
    expect(screen.getByTestId('password-strength').textContent).toBe('Strength: Medium');

    rerender(<PasswordMeter password="P2p-demo-2026!" />);
    expect(screen.getByTestId('password-strength').textContent).toBe('Strength: Strong');
    expect(Object.values(ruleState()).every(Boolean)).toBe(true);
  });

  it('flags characters outside the policy', () => {
    renderWithProviders(<PasswordMeter password="Abcdefgh12!~" />);
    expect(ruleState().characters).toBe(false);
  });
});
