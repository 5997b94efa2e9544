import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../test/render.tsx';
import { NumericStepper } from './NumericStepper.tsx';

function Host({
  initial = 1,
  onValue,
  ...rest
}: {
  initial?: number;
  onValue?: (v: number | null) => void;
  min?: number;
  max?: number;
  step?: number;
}) {
  const [v, setV] = useState<number | null>(initial);
  return (
    <NumericStepper
      label="Quantity"
      value={v}
      onChange={(n) => {
        setV(n);
        onValue?.(n);
      }}
      {...rest}
    />
  );
}

describe('NumericStepper', () => {
  it('steps, clamps between min and max, ignores non-numeric typing', () => {
    const onValue = vi.fn();
    renderWithProviders(<Host initial={1} min={0} max={2} step={0.5} onValue={onValue} />);
    const up = screen.getByTestId('stepper-up');
    fireEvent.pointerDown(up);
    fireEvent.pointerUp(up);
    expect(onValue).toHaveBeenLastCalledWith(1.5);
    fireEvent.pointerDown(up);
    fireEvent.pointerUp(up);
    expect(onValue).toHaveBeenLastCalledWith(2);
    expect((up as HTMLButtonElement).disabled).toBe(true);
    const input = screen.getByLabelText('Quantity') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1a' } });
    expect(input.value).toBe('2');
    fireEvent.change(input, { target: { value: '9' } });
    fireEvent.blur(input);
    expect(input.value).toBe('2');
  });
  it('press and hold: repeats every 100 ms after 300 ms', () => {
    vi.useFakeTimers();
    const onValue = vi.fn();
    renderWithProviders(<Host initial={0} onValue={onValue} />);
    const up = screen.getByTestId('stepper-up');
    fireEvent.pointerDown(up);
    expect(onValue).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(299));
    expect(onValue).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(101));
    expect(onValue).toHaveBeenCalledTimes(2);
    act(() => vi.advanceTimersByTime(300));
    expect(onValue).toHaveBeenCalledTimes(5);
    fireEvent.pointerUp(up);
    act(() => vi.advanceTimersByTime(500));
    expect(onValue).toHaveBeenCalledTimes(5);
    expect(onValue).toHaveBeenLastCalledWith(5);
  });
});
