import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.tsx';
import { Harness } from './kit/test-harness.tsx';

/**
 * A number field with `stepper` (the supplier's delivery lead time in days): the numeric stepper of
 * seed 001 within the field's min and max; held, it repeats after 300 ms every 100 ms.
 */
const field = {
  src: 'leadTimeDays',
  label: 'Delivery lead time (days)',
  type: 'number',
  stepper: true,
  min: 0,
  max: 365,
};

describe('number field with a stepper', () => {
  it('steps by one from the minimum, clamps typed values and ignores letters', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness field={field as never} onValue={onValue} />);
    const input = screen.getByLabelText('Delivery lead time (days)');
    expect(screen.getByTestId('stepper-down')).toHaveProperty('disabled', false);
    fireEvent.pointerDown(screen.getByTestId('stepper-up'));
    fireEvent.pointerUp(screen.getByTestId('stepper-up'));
    expect(onValue).toHaveBeenLastCalledWith(1);
    expect((input as HTMLInputElement).value).toBe('1');
    fireEvent.change(input, { target: { value: '1x' } });
    expect((input as HTMLInputElement).value).toBe('1');
    fireEvent.change(input, { target: { value: '400' } });
    fireEvent.blur(input);
    expect(onValue).toHaveBeenLastCalledWith(365);
    expect(screen.getByTestId('stepper-up')).toHaveProperty('disabled', true);
  });

  it('held down, repeats the step', () => {
    vi.useFakeTimers();
    try {
      const onValue = vi.fn();
      renderWithProviders(<Harness field={field as never} onValue={onValue} />);
      fireEvent.pointerDown(screen.getByTestId('stepper-up'));
      act(() => vi.advanceTimersByTime(300 + 100 * 4));
      fireEvent.pointerUp(screen.getByTestId('stepper-up'));
      expect(onValue).toHaveBeenLastCalledWith(5);
    } finally {
      vi.useRealTimers();
    }
  });
});
