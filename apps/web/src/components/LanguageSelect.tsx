import { useTranslation } from '../lib/use-translation.ts';

export interface LanguageSelectProps {
  languages: readonly string[];
  value: string;
  onChange: (lang: string) => void;
  id?: string;
  disabled?: boolean;
}

/** A native select of the configured languages, each named in its own language. */
export function LanguageSelect({
  languages,
  value,
  onChange,
  id = 'language',
  disabled,
}: LanguageSelectProps) {
  const { t } = useTranslation();
  return (
    <div className="form-field form-field--inline">
      <label htmlFor={id}>{t('common.language')}</label>
      <select
        id={id}
        className="p-inputtext p-component native-select"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {languages.map((lang) => (
          <option key={lang} value={lang}>
            {t(`languages.${lang}`, { defaultValue: lang })}
          </option>
        ))}
      </select>
    </div>
  );
}
