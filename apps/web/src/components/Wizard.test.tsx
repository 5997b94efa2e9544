import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@p2p/domain';
import { TermsStep, Wizard, type WizardStep } from './Wizard.tsx';
import { renderWithProviders } from '../test/render.tsx';

function Harness({ valid, onFinish }: { valid: () => boolean; onFinish: () => void }) {
  const [acceptTerms, setAcceptTerms] = useState(false);
  const steps: WizardStep[] = [
    { key: 'one', title: 'One', content: <p>first step</p>, validate: valid },
    {
      key: 'terms',
      title: 'Terms',
      validate: () => acceptTerms,
      content: <TermsStep text="The terms." acceptTerms={acceptTerms} onChange={setAcceptTerms} />,
    },
  ];
  return <Wizard steps={steps} onFinish={onFinish} canFinish={acceptTerms} />;
}

describe('Wizard', () => {
  it('runs the validation hook before moving on and blocks when it fails', async () => {
    const valid = vi.fn(() => false);
    renderWithProviders(<Harness valid={valid} onFinish={vi.fn()} />);
    expect(screen.getByTestId('wizard-previous').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByText('Next'));
    await waitFor(() => expect(valid).toHaveBeenCalledTimes(1));
    expect(screen.getByText('first step')).toBeTruthy();

    valid.mockReturnValue(true);
    fireEvent.click(screen.getByText('Next'));
    await screen.findByText('The terms.');
    fireEvent.click(screen.getByText('Previous'));
    await screen.findByText('first step');
  });

  it('keeps Finish blocked until the terms checkbox is ticked', async () => {
    const onFinish = vi.fn();
    renderWithProviders(<Harness valid={() => true} onFinish={onFinish} />);
    fireEvent.click(screen.getByText('Next'));
    await screen.findByText('The terms.');

    const checkbox = screen.getByLabelText(MESSAGES.acceptTerms) as HTMLInputElement;
    expect(screen.getByText('I agree to these terms and conditions').tagName).toBe('LABEL');
    expect(checkbox.checked).toBe(false);
    const finish = screen.getByTestId('wizard-finish');
    expect(finish.hasAttribute('disabled')).toBe(true);
    fireEvent.click(finish);
    expect(onFinish).not.toHaveBeenCalled();

    fireEvent.click(checkbox);
    await waitFor(() => expect(screen.getByTestId('wizard-finish').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByText('Finish'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
  });
});
