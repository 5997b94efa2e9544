import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { Field } from '../Field.tsx';
import { refUrl } from '../rules.ts';
import { resolveFieldType } from '../types.ts';
import { dialCountries, detectCountry, internationalNumber } from './Phone.tsx';
import { Harness } from './test-harness.tsx';

describe('field types of the kit resolve to their own renderers', () => {
  it('keeps the named ref_ types and folds ref_evaluation*', () => {
    expect(resolveFieldType('ref_country')).toBe('ref_country');
    expect(resolveFieldType('ref_dimensions')).toBe('ref_dimensions');
    expect(resolveFieldType('ref_evaluation_severity')).toBe('ref_evaluation');
    expect(resolveFieldType('ref_supplier')).toBe('ref');
    expect(resolveFieldType('richtextarea')).toBe('richtextarea');
  });
  it('a reference to countries asks the taxonomy, never /purchasing/country', () => {
    expect(refUrl({ src: 'c', ref: 'country' }, 'ref')).toBe('/taxonomy/country');
    expect(refUrl({ src: 'c' }, 'ref_countries')).toBe('/taxonomy/country');
    expect(refUrl({ src: 'o' }, 'ref_order')).toBe('/purchasing/order');
  });
});

describe('rating', () => {
  const field = {
    src: 'rating',
    label: 'Rating',
    type: 'rating',
    interval: [
      { min: 1, max: 2, color: '#dc2626', legend: 'At risk' },
      { min: 4, max: 5, color: '#15803d', legend: { en: 'Preferred', pt: 'Preferencial' } },
    ],
  };
  it('picks a score out of 5, shows the interval legend in its colour, and cancels', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness field={field} onValue={onValue} />);
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    fireEvent.click(screen.getByTestId('rating-star-4'));
    expect(onValue).toHaveBeenLastCalledWith(4);
    const legend = screen.getByTestId('rating-legend');
    expect(legend.textContent).toBe('Preferred');
    expect(legend.style.color).toBe('rgb(21, 128, 61)');
    fireEvent.click(screen.getByLabelText('Clear the rating'));
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect(screen.queryByTestId('rating-legend')).toBeNull();
  });
  it('honours max and a rating without cancel', () => {
    renderWithProviders(
      <Harness field={{ src: 'r', label: 'R', type: 'rating', max: 3, cancel: false } as never} />,
    );
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(screen.queryByLabelText('Clear the rating')).toBeNull();
  });
});

describe('phone', () => {
  it('lists about 240 countries with their dial codes', () => {
    const list = dialCountries('en');
    expect(list.length).toBeGreaterThan(235);
    expect(list.find((c) => c.code === 'PT')).toMatchObject({ dial: '351', name: 'Portugal' });
    expect(dialCountries('pt').find((c) => c.code === 'ES')?.name).toBe('Espanha');
  });
  it('detects the country from the number and adds the default prefix (pt)', () => {
    expect(detectCountry('+34 912 345 678')).toBe('ES');
    expect(detectCountry('0044 20 7946 0000')).toBe('GB');
    expect(detectCountry('912345678')).toBeNull();
    expect(internationalNumber('912 345 678', 'PT')).toBe('+351 912 345 678');
  });
  it('keeps only digits, parentheses, hyphen, plus and space; the country follows the number', async () => {
    const onValue = vi.fn();
    renderWithProviders(
      <Harness field={{ src: 'phone', label: 'Phone', type: 'phone' }} onValue={onValue} />,
    );
    const input = (await screen.findByLabelText('Phone')) as HTMLInputElement;
    const country = screen.getByTestId('phone-country') as HTMLSelectElement;
    expect(country.value).toBe('PT');
    fireEvent.change(input, { target: { value: '(21) 123-45a67 x' } });
    expect(input.value).toBe('(21) 123-4567 ');
    fireEvent.change(input, { target: { value: '912345678' } });
    fireEvent.blur(input);
    expect(onValue).toHaveBeenLastCalledWith('+351 912345678');
    fireEvent.change(input, { target: { value: '+34 912 345 678' } });
    expect(country.value).toBe('ES');
  });
});

describe('verification-code', () => {
  it('takes digits only, auto-advances and fires once all 6 are filled', () => {
    const onValue = vi.fn();
    renderWithProviders(
      <Harness field={{ src: 'code', label: 'Code', type: 'verification-code' }} onValue={onValue} />,
    );
    const boxes = [0, 1, 2, 3, 4, 5].map((i) => screen.getByTestId(`code-box-${i}`) as HTMLInputElement);
    fireEvent.change(boxes[0]!, { target: { value: 'a' } });
    expect(boxes[0]!.value).toBe('');
    fireEvent.change(boxes[0]!, { target: { value: '4' } });
    expect(document.activeElement).toBe(boxes[1]);
    expect(onValue).not.toHaveBeenCalled();
    fireEvent.paste(boxes[1]!, { clipboardData: { getData: () => '2-7 1 9 3 8' } });
    expect(boxes.map((b) => b.value).join('')).toBe('427193');
    expect(onValue).toHaveBeenCalledWith('427193');
    fireEvent.change(boxes[5]!, { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith(null);
  });
});

describe('numeric-range', () => {
  it('clamps to min and puts the ends in order', () => {
    const onValue = vi.fn();
    renderWithProviders(
      <Harness field={{ src: 'r', label: 'Range', type: 'numeric-range', min: 0 }} onValue={onValue} />,
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '-5' } });
    fireEvent.blur(screen.getByLabelText('To'));
    expect(onValue).toHaveBeenLastCalledWith({ from: 0, to: 50 });
  });
});

describe('progress and password', () => {
  it('progress stays within 0 to 100 and says the tolerance', () => {
    renderWithProviders(
      <Field
        field={{ src: 'p', label: 'Delivered', type: 'progress' }}
        value={{ value: 140, tolerance: true }}
        editable={false}
      />,
    );
    expect(screen.getByTestId('progress-p').dataset.value).toBe('100');
    expect(screen.getByText('10% tolerance')).toBeTruthy();
  });
  it('password shows the strength meter; a stored hash is never shown', () => {
    const onValue = vi.fn();
    const { unmount } = renderWithProviders(
      <Harness field={{ src: 'pw', label: 'Password', type: 'password' }} onValue={onValue} />,
    );
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Abc-12345678' } });
    expect(screen.getByTestId('password-meter')).toBeTruthy();
    expect(onValue).toHaveBeenLastCalledWith('Abc-12345678');
    unmount();
    renderWithProviders(
      <Harness field={{ src: 'pw', label: 'Password', type: 'password' }} initial="scrypt$salt$hash" />,
    );
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.value).toBe('');
    expect(input.placeholder).toBe('Unchanged (type to replace)');
  });
});

describe('switch-select', () => {
  it('chooses one option by key', async () => {
    const onValue = vi.fn();
    const items = [
      { key: 'goods', label: 'Goods' },
      { key: 'services', label: 'Services' },
    ];
    renderWithProviders(
      <Harness field={{ src: 's', label: 'Supplies', type: 'switch-select', items }} onValue={onValue} />,
    );
    fireEvent.click(screen.getByText('Services'));
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('services'));
  });
});
