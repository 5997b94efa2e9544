import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { setLanguage } from '../../lib/i18n.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { Field } from './Field.tsx';
import type { FieldDef } from './types.ts';

function Harness({
  field,
  initial,
  onValue,
}: {
  field: FieldDef;
  initial?: unknown;
  onValue?: (v: unknown) => void;
}) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <Field
      field={field}
      value={value}
      editable
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

afterEach(async () => {
  await act(() => setLanguage('en'));
});

const openCalendar = (id: string) => {
  fireEvent.click(screen.getByTestId(`${id}-calendar-button`));
  return document.getElementById(`${id}-calendar`)!;
};
const weekdayHeaders = (panel: HTMLElement) =>
  [...panel.querySelectorAll('thead th')].map((th) => th.textContent);
const dayCell = (panel: HTMLElement, day: string) =>
  [...panel.querySelectorAll('td:not(.p-datepicker-other-month) span')].find((s) => s.textContent === day)!;

describe('numeric inputs (value, price, quantity)', () => {
  it.each(['value', 'price', 'quantity'])(
    'strips what is not a digit, dot, comma or minus from %s as it is typed or pasted',
    (type) => {
      const onValue = vi.fn();
      renderWithProviders(<Harness field={{ src: 'x', label: 'Amount', type }} onValue={onValue} />);
      const input = screen.getByLabelText('Amount') as HTMLInputElement;
      fireEvent.change(input, { target: { value: '10 un' } });
      expect(input.value).toBe('10');
      expect(onValue).toHaveBeenLastCalledWith('10');
      fireEvent.change(input, { target: { value: '€ -1 234,5' } });
      expect(input.value).toBe('-1234.5');
      expect(onValue).toHaveBeenLastCalledWith('-1234.5');
    },
  );

  it('keeps text that is not one number out of the document and flags it on blur', () => {
    const onValue = vi.fn();
    renderWithProviders(
      <Harness field={{ src: 'price', label: 'Price', type: 'price' }} initial="3.45" onValue={onValue} />,
    );
    const input = screen.getByLabelText('Price') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1,234.50' } });
    expect(input.value).toBe('1.234.50');
    expect(onValue).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe(
      'Not a number (use digits, a dot for decimals and a leading minus)',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '1234.50' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onValue).toHaveBeenLastCalledWith('1234.50');
  });
});

describe('date inputs', () => {
  it('picks a date from the calendar popup, weeks starting on Sunday', () => {
    const onValue = vi.fn();
    renderWithProviders(
      <Harness
        field={{ src: 'deliveryDate', label: 'Delivery date', type: 'date' }}
        initial="2026-03-02"
        onValue={onValue}
      />,
    );
    const input = screen.getByLabelText('Delivery date') as HTMLInputElement;
    expect(input.value).toBe('02-03-2026');
    const panel = openCalendar('input-deliveryDate');
    expect(weekdayHeaders(panel)).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
    expect(within(panel).getByText('March')).toBeTruthy();
    // 1 March 2026 is a Sunday: the first week's row starts with it
    expect(panel.querySelector('tbody tr td:not(.p-datepicker-other-month)')?.textContent).toBe('1');
    fireEvent.click(dayCell(panel, '15'));
    expect(onValue).toHaveBeenLastCalledWith('2026-03-15');
    expect(input.value).toBe('15-03-2026');
  });

  it('names days and months in Portuguese for pt, still from Sunday', async () => {
    await act(() => setLanguage('pt'));
    renderWithProviders(
      <Harness field={{ src: 'dueDate', label: 'Data limite', type: 'date' }} initial="2026-03-02" />,
    );
    const panel = openCalendar('input-dueDate');
    expect(weekdayHeaders(panel)).toEqual(['D', 'S', 'T', 'Q', 'Q', 'S', 'S']);
    expect(within(panel).getByText('março')).toBeTruthy();
  });

  it('cannot pick a day before the minimum; typed dates are still checked', () => {
    const onValue = vi.fn();
    renderWithProviders(
      <Harness
        field={{ src: 'd', label: 'Due', type: 'date', min: '2026-03-10' }}
        initial="2026-03-12"
        onValue={onValue}
      />,
    );
    const panel = openCalendar('input-d');
    fireEvent.click(dayCell(panel, '5'));
    expect(onValue).not.toHaveBeenCalled();
    const input = screen.getByLabelText('Due') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '30-02-2026' } });
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toContain('Invalid date');
    expect(onValue).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '2026-03-20' } });
    fireEvent.blur(input);
    expect(onValue).toHaveBeenLastCalledWith('2026-03-20');
    expect(input.value).toBe('20-03-2026');
  });

  it('picks both ends of a date range from their calendars', () => {
    const onValue = vi.fn();
    renderWithProviders(
      <Harness
        field={{ src: 'period', label: 'Period', type: 'date-range' }}
        initial="2026-03-02|2026-03-20"
        onValue={onValue}
      />,
    );
    fireEvent.click(dayCell(openCalendar('input-period'), '4'));
    expect(onValue).toHaveBeenLastCalledWith('2026-03-04|2026-03-20');
    fireEvent.click(dayCell(openCalendar('input-period-to'), '27'));
    expect(onValue).toHaveBeenLastCalledWith('2026-03-04|2026-03-27');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('27-03-2026');
  });
});
