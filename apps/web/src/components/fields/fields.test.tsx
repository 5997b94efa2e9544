import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders, testUser } from '../../test/render.tsx';
import { Field } from './Field.tsx';
import { FIELD_REGISTRY } from './registry.tsx';
import { FIELD_TYPES, resolveFieldType, type FieldContext, type FieldDef } from './types.ts';
import {
  addEntry,
  commitDate,
  commitDateRange,
  commitNumber,
  commitPercentage,
  isCountryDisabled,
  numericText,
} from './rules.ts';

function Harness({
  field,
  initial,
  ctx,
  onValue,
}: {
  field: FieldDef;
  initial?: unknown;
  ctx?: FieldContext;
  onValue?: (v: unknown) => void;
}) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <Field
      field={field}
      value={value}
      ctx={ctx}
      editable
      required={field.required}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

describe('field rules', () => {
  it('rejects invalid days or months and clamps a date to its minimum', () => {
    expect(commitDate('31-02-2026')).toEqual({ ok: false });
    expect(commitDate('10-13-2026')).toEqual({ ok: false });
    expect(commitDate('15-03-2026')).toEqual({ ok: true, value: '2026-03-15' });
    expect(commitDate('01-01-2020', '2026-01-10')).toEqual({ ok: true, value: '2026-01-10' });
    expect(commitDate('')).toEqual({ ok: true, value: null });
  });
  it('clamps a date range: from to min, to to max', () => {
    expect(commitDateRange('01-01-2020', '31-12-2030', '2026-01-01', '2026-12-31')).toEqual({
      ok: true,
      value: '2026-01-01|2026-12-31',
    });
    expect(commitDateRange('32-01-2026', '')).toEqual({ ok: false });
  });
  it('strips numeric strings and turns comma into dot; quantities keep 3 decimals', () => {
    expect(numericText('1 234,5 €')).toBe('1234.5');
    expect(commitNumber('2,34567', 'quantity')).toBe('2.346');
    expect(commitNumber('abc', 'number')).toBeNull();
  });
  it('clamps percentages and limits multi-select entries without duplicates', () => {
    expect(commitPercentage('150', 0, 100)).toBe(100);
    expect(commitPercentage('-5', 0, 100)).toBe(0);
    expect(addEntry(['a', 'b'], 'a', 3)).toEqual(['a', 'b']);
    expect(addEntry(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
    expect(addEntry(['a'], 'c', 2)).toEqual(['a', 'c']);
  });
  it('disables the address country for subtype P999', () => {
    expect(isCountryDisabled({ doc: { subtype: 'P999' } })).toBe(true);
    expect(isCountryDisabled({ doc: { subtype: 'P001' } })).toBe(false);
  });
  it('has a Display and an Input for every field type; ref_* types are references', () => {
    for (const type of FIELD_TYPES) {
      expect(FIELD_REGISTRY[type].Display).toBeTruthy();
      expect(FIELD_REGISTRY[type].Input).toBeTruthy();
    }
    expect(resolveFieldType('ref_supplier')).toBe('ref');
    expect(resolveFieldType('unknown-type')).toBe('text');
  });
});

describe('field inputs', () => {
  it('date input rejects 31-02-2026 and keeps the value; clamps to min', () => {
    const onValue = vi.fn();
    renderWithProviders(
      <Harness
        field={{
          src: 'deliveryDate',
          label: 'Delivery date',
          type: 'date',
          min: '2026-01-10',
          required: true,
        }}
        onValue={onValue}
      />,
    );
    expect(screen.getByTestId('required-mark')).toBeTruthy();
    const input = screen.getByLabelText(/Delivery date/) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '31-02-2026' } });
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toContain('Invalid date');
    expect(onValue).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '01-01-2026' } });
    fireEvent.blur(input);
    expect(onValue).toHaveBeenLastCalledWith('2026-01-10');
    expect(input.value).toBe('10-01-2026');
  });

  it('number input strips characters while typing; quantity rounds to 3 decimals on blur', () => {
    const onValue = vi.fn();
    renderWithProviders(
      <Harness field={{ src: 'q', label: 'Quantity', type: 'quantity' }} onValue={onValue} />,
    );
    const input = screen.getByLabelText('Quantity') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12,3456 kg' } });
    expect(input.value).toBe('12.3456');
    fireEvent.blur(input);
    expect(input.value).toBe('12.346');
    expect(onValue).toHaveBeenLastCalledWith('12.346');
  });

  it('percentage input clamps to min and max', () => {
    const onValue = vi.fn();
    renderWithProviders(
      <Harness
        field={{ src: 'p', label: 'Share', type: 'percentage', min: 0, max: 100 }}
        onValue={onValue}
      />,
    );
    const input = screen.getByLabelText('Share') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '130' } });
    fireEvent.blur(input);
    expect(onValue).toHaveBeenLastCalledWith(100);
  });

  it('multi-select respects max and ignores duplicates', () => {
    const onValue = vi.fn();
    renderWithProviders(
      <Harness
        field={{ src: 'tags', label: 'Tags', type: 'tags', max: 2 }}
        initial={['a']}
        onValue={onValue}
      />,
    );
    const add = screen.getByTestId('input-tags-add') as HTMLInputElement;
    fireEvent.change(add, { target: { value: 'a' } });
    fireEvent.keyDown(add, { key: 'Enter' });
    expect(screen.getAllByTestId('input-tags-chip')).toHaveLength(1);
    fireEvent.change(add, { target: { value: 'b' } });
    fireEvent.keyDown(add, { key: 'Enter' });
    expect(screen.getAllByTestId('input-tags-chip')).toHaveLength(2);
    expect(add.disabled).toBe(true);
  });

  it('address country is disabled for subtype P999 only', () => {
    const field = { src: 'address', label: 'Address', type: 'address' };
    const { unmount } = renderWithProviders(
      <Harness field={field} ctx={{ doc: { doc: { subtype: 'P999' } } }} />,
    );
    expect((screen.getByTestId('input-address-country') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('input-address-city') as HTMLInputElement).disabled).toBe(false);
    unmount();
    renderWithProviders(<Harness field={field} ctx={{ doc: { doc: { subtype: 'P001' } } }} />);
    expect((screen.getByTestId('input-address-country') as HTMLInputElement).disabled).toBe(false);
  });

  it("shows 'receive' as Dispatched to supplier users", () => {
    const field = { src: 's', label: 'Status', type: 'icon_status' };
    const supplier = testUser({
      role: { key: 'supplier', name: 'Supplier' },
      roles: [{ key: 'supplier', name: 'Supplier' }],
    });
    const { unmount } = renderWithProviders(
      <Field field={field} value="receive" editable={false} ctx={{ user: supplier }} />,
    );
    expect(screen.getByTitle('Dispatched')).toBeTruthy();
    unmount();
    renderWithProviders(<Field field={field} value="receive" editable={false} ctx={{ user: testUser() }} />);
    expect(screen.getByTitle('Received')).toBeTruthy();
  });

  it('required fields show no asterisk when read-only', () => {
    renderWithProviders(
      <Field
        field={{ src: 'd', label: 'Description', type: 'text', required: true }}
        value="x"
        editable={false}
        required
      />,
    );
    expect(screen.queryByTestId('required-mark')).toBeNull();
  });
});
