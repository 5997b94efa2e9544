import type { ComponentType } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router';
import { labelText, type Label } from '@p2p/domain';
import { keyOf } from '../rules.ts';
import type { DisplayProps, FieldDef, InputProps } from '../types.ts';

/** The extras of a field definition (seed 001 section 3): help, link, info, warning, add{label, route}, langs. */
export interface FieldExtrasDef {
  help?: Label;
  link?: string;
  info?: Label;
  warning?: Label;
  add?: { label?: Label; route: string };
  langs?: boolean | string[];
}

const extras = (field: FieldDef) => field as FieldDef & FieldExtrasDef;

/** A link template: '{id}' and '{value}' take the value's id (or its text). */
export const linkFor = (template: string, value: unknown): string =>
  template.replace(/\{(id|value|_id|key)\}/g, () => encodeURIComponent(keyOf(value)));

/** The help icon next to a label: its text as a tooltip and for screen readers. */
export function FieldHelp({ field, id }: { field: FieldDef; id: string }) {
  const { i18n } = useTranslation();
  const help = extras(field).help;
  if (!help) return null;
  const text = labelText(help, i18n.language);
  return (
    <span className="field-help" title={text} data-testid={`field-help-${field.src}`}>
      <i className="pi pi-question-circle" aria-hidden="true" />
      <span className="sr-only" id={`${id}-help`}>
        {text}
      </span>
    </span>
  );
}

/** Under a field: its info and warning texts, a link to the record it names, an 'add' link. */
export function FieldNotes({ field, value }: { field: FieldDef; value: unknown }) {
  const { t, i18n } = useTranslation();
  const x = extras(field);
  const hasValue = value !== null && value !== undefined && value !== '';
  if (!x.info && !x.warning && !x.add && !(x.link && hasValue)) return null;
  return (
    <div className="field-notes">
      {x.info && (
        <small className="field-info" data-testid={`field-info-${field.src}`}>
          <i className="pi pi-info-circle" aria-hidden="true" /> {labelText(x.info, i18n.language)}
        </small>
      )}
      {x.warning && (
        <small className="field-warning" role="note" data-testid={`field-warning-${field.src}`}>
          <i className="pi pi-exclamation-triangle" aria-hidden="true" />{' '}
          {labelText(x.warning, i18n.language)}
        </small>
      )}
      {x.link && hasValue && (
        <Link className="field-link" to={linkFor(x.link, value)} data-testid={`field-link-${field.src}`}>
          <i className="pi pi-external-link" aria-hidden="true" /> {t('kit.open')}
        </Link>
      )}
      {x.add && (
        <Link className="field-add" to={x.add.route} data-testid={`field-add-${field.src}`}>
          <i className="pi pi-plus" aria-hidden="true" />{' '}
          {x.add.label ? labelText(x.add.label, i18n.language) : t('fields.add')}
        </Link>
      )}
    </div>
  );
}

/** The languages of a multilingual field: its own list, else en and pt. */
export const langsOf = (field: FieldDef): string[] => {
  const l = extras(field).langs;
  return Array.isArray(l) && l.length ? l : ['en', 'pt'];
};
export const isMultilingual = (field: FieldDef): boolean => Boolean(extras(field).langs);

const texts = (v: unknown): Record<string, string> =>
  v && typeof v === 'object' ? (v as Record<string, string>) : typeof v === 'string' ? { en: v } : {};

/** langs: one input of the field's type per language; the value is {en: '…', pt: '…'}. */
export function LangsInput({ Input, ...props }: InputProps & { Input: ComponentType<InputProps> }) {
  const { t } = useTranslation();
  const value = texts(props.value);
  return (
    <div className="field-langs" data-testid={`langs-${props.field.src}`}>
      {langsOf(props.field).map((lang, i) => (
        <div key={lang} className="field-langs__row">
          <span className="field-langs__tag" title={t(`languages.${lang}`, { defaultValue: lang })}>
            {lang.toUpperCase()}
          </span>
          <Input
            {...props}
            id={i === 0 ? props.id : `${props.id}-${lang}`}
            value={value[lang] ?? ''}
            onChange={(v) => props.onChange({ ...value, [lang]: v === null ? '' : String(v) })}
          />
        </div>
      ))}
    </div>
  );
}

/** The text in the reader's language (else the first one present). */
export function LangsDisplay({ value }: DisplayProps) {
  const { i18n } = useTranslation();
  const v = texts(value);
  const text = v[i18n.language] || Object.values(v).find(Boolean) || '';
  return text ? <span>{text}</span> : null;
}
