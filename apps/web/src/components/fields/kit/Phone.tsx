import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import { PHONE_DEFAULT_COUNTRY, phoneChars } from '@p2p/domain';
import { useDraft } from '../../FieldDraft.tsx';
import type { InputProps } from '../types.ts';

export interface DialCountry {
  code: CountryCode;
  dial: string;
  name: string;
}

/** The ~240 countries of libphonenumber-js's metadata with their dial codes, named in `lang`. */
export function dialCountries(lang: string): DialCountry[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    names = null;
  }
  return getCountries()
    .map((code) => ({ code, dial: getCountryCallingCode(code), name: names?.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, lang));
}

/** The country of an international number ('+34 …' is ES); null when the text names none. */
export function detectCountry(text: string): CountryCode | null {
  const t = text.trim();
  if (!t.startsWith('+') && !t.startsWith('00')) return null;
  const parsed = parsePhoneNumberFromString(t.startsWith('00') ? `+${t.slice(2)}` : t);
  if (parsed?.country) return parsed.country;
  // an incomplete number: the longest dial code it starts with
  const digits = t.replace(/\D/g, '').replace(/^00/, '');
  for (const len of [3, 2, 1]) {
    const code = getCountries().find((c) => getCountryCallingCode(c) === digits.slice(0, len));
    if (code && digits.length >= len) return code;
  }
  return null;
}

const DEFAULT = PHONE_DEFAULT_COUNTRY.toUpperCase() as CountryCode;

/** The stored number: international, with the chosen country's prefix when the text has none. */
export function internationalNumber(text: string, country: CountryCode): string {
  const t = phoneChars(text).trim();
  if (!t) return '';
  if (t.startsWith('+')) return t;
  if (t.startsWith('00')) return `+${t.slice(2)}`;
  return `+${getCountryCallingCode(country)} ${t}`;
}

/**
 * phone: only digits, parentheses, hyphen, plus and space; the country prefix defaults to Portugal
 * and follows the country the typed number names.
 */
export function PhoneInput({ id, value, onChange, disabled, invalid }: InputProps) {
  const { t, i18n } = useTranslation();
  const countries = useMemo(() => dialCountries(i18n.language), [i18n.language]);
  const text = typeof value === 'string' ? value : '';
  const [draft, setDraft] = useDraft(text);
  const [chosen, setChosen] = useState<CountryCode>(() => detectCountry(text) ?? DEFAULT);
  const country = detectCountry(draft) ?? chosen;
  return (
    <span className="field-phone">
      <select
        className="p-inputtext field-phone__country"
        aria-label={t('kit.phone.country')}
        value={country}
        disabled={disabled}
        onChange={(e) => {
          const next = e.target.value as CountryCode;
          setChosen(next);
          // a number typed with another prefix moves to the chosen country's prefix
          const local = draft.replace(/^\+\d+\s*/, '');
          if (draft.startsWith('+')) {
            const moved = internationalNumber(local, next);
            setDraft(moved);
            onChange(moved || null);
          }
        }}
        data-testid="phone-country"
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name} +{c.dial}
          </option>
        ))}
      </select>
      <input
        id={id}
        type="tel"
        className={`p-inputtext field-phone__number${invalid ? ' p-invalid' : ''}`}
        value={draft}
        disabled={disabled}
        placeholder={`+${getCountryCallingCode(country)}`}
        onChange={(e) => {
          const clean = phoneChars(e.target.value);
          setDraft(clean);
          onChange(clean || null);
        }}
        onBlur={() => {
          const full = internationalNumber(draft, country);
          if (full !== draft) {
            setDraft(full);
            onChange(full || null);
          }
        }}
      />
    </span>
  );
}
