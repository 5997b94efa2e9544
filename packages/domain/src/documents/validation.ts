/**
 * Document validation (seed 000 section 5) and the combined validation notice (sections 5 and 8).
 * Errors use the API contract's shape: {field, line: {pos, subpos, key}, message}.
 */
import type { ApiErrorLine, ApiFieldError } from '../api/contract.ts';
import { renderMessage } from '../i18n/render.ts';
import { fieldState, labelText, lineFieldStates, subFields } from './field-rules.ts';
import { getPath } from './paths.ts';
import { PURCHASING_TYPES, currentState, documentType, hasServiceLines, isEmptyValue } from './states.ts';
import type { DocumentLike, DocUser, FieldConfig, Label, LineLike, ModelConfig } from './types.ts';

/** Header fields required on purchasing documents with service lines. */
export const SERVICE_REQUIRED_FIELDS = [
  'risk.contract',
  'risk.E',
  'risk.HS',
  'risk.gdpr',
  'risk.cyber',
  'businessPlan',
  'evaluationId',
] as const;
/** Also required on requisitions with service lines. */
export const SERVICE_REQUIRED_REQUISITION_FIELDS = ['cyberFile'] as const;

/** Labels used when the model has no field for a service rule. */
export const SERVICE_FIELD_LABELS: Readonly<Record<string, Readonly<Record<'en' | 'pt', string>>>> = {
  'risk.contract': { en: 'Contract risk', pt: 'Risco do contrato' },
  'risk.E': { en: 'Environmental risk', pt: 'Risco ambiental' },
  'risk.HS': { en: 'Health and safety risk', pt: 'Risco de saúde e segurança' },
  'risk.gdpr': { en: 'GDPR risk', pt: 'Risco RGPD' },
  'risk.cyber': { en: 'Cyber risk', pt: 'Risco de cibersegurança' },
  businessPlan: { en: 'Business plan', pt: 'Plano de negócio' },
  evaluationId: { en: 'Evaluation', pt: 'Avaliação' },
  cyberFile: { en: 'Cyber file', pt: 'Ficheiro de cibersegurança' },
};

/** '{label} is required.' in `lang` (the label in that language too). */
export const requiredMessage = (label: Label, lang = 'en'): string =>
  renderMessage('validation.required', { label }, lang);

/** Equal to the number n, as a number or a numeric string. */
const isRisk = (v: unknown, n: number): boolean =>
  (typeof v === 'number' && v === n) || (typeof v === 'string' && v.trim() !== '' && Number(v) === n);

/**
 * The header fields the service-line rule requires for this document: none without a service line
 * or outside purchasing documents (requisition, contract, order); evaluationId is dropped when the
 * GDPR risk is empty or 1; cyberFile (requisitions only) is dropped when the cyber risk is empty or 3.
 */
export function serviceRequiredFields(doc: DocumentLike, modelName?: string): string[] {
  const type = documentType(doc, modelName !== undefined ? { name: modelName } : undefined);
  if (!(PURCHASING_TYPES as readonly string[]).includes(type) || !hasServiceLines(doc)) return [];
  const gdpr = doc.risk?.gdpr;
  const cyber = doc.risk?.cyber;
  const out: string[] = SERVICE_REQUIRED_FIELDS.filter(
    (f) => !(f === 'evaluationId' && (isEmptyValue(gdpr) || isRisk(gdpr, 1))),
  );
  if (type === 'requisition' && !(isEmptyValue(cyber) || isRisk(cyber, 3)))
    out.push(...SERVICE_REQUIRED_REQUISITION_FIELDS);
  return out;
}

export interface ValidationContext {
  user?: DocUser | null;
  /** defaults to the document's current state */
  state?: string;
  /** the document is read-only: nothing is required */
  readonly?: boolean;
  /** language of the messages and their labels (default en) */
  lang?: string;
}

/** The error position of a line: pos (default (i+1)*10), subpos (default 0), key (line key, else item). */
export function lineRef(line: LineLike, index: number): Required<ApiErrorLine> {
  return {
    pos: typeof line.pos === 'number' ? line.pos : (index + 1) * 10,
    subpos: typeof line.subpos === 'number' ? line.subpos : 0,
    key: String(line.key ?? line.item ?? ''),
  };
}

/**
 * Validates a document against its model: every form field (and every line field of a table field
 * such as `lines`) whose fieldState is required and whose value is empty gives '{label} is
 * required.', sentence and label in ctx.lang; purchasing documents with service lines also require
 * serviceRequiredFields (labels from the model's fields, else SERVICE_FIELD_LABELS). One error per
 * field (and line); every error of the document at once.
 */
export function validateDocument(
  doc: DocumentLike,
  model: Pick<ModelConfig, 'name' | 'form'> & Partial<Pick<ModelConfig, 'permissions'>>,
  ctx: ValidationContext = {},
): ApiFieldError[] {
  const errors: ApiFieldError[] = [];
  const seen = new Set<string>();
  const state = ctx.state ?? currentState(doc);
  const lang = ctx.lang ?? 'en';
  const add = (field: string, label: Label, line?: Required<ApiErrorLine>): void => {
    const id = line ? `${field}@${line.pos}/${line.subpos}` : field;
    if (seen.has(id)) return;
    seen.add(id);
    errors.push({
      field,
      ...(line ? { line } : {}),
      message: requiredMessage(labelText(label, lang) || field, lang),
    });
  };
  const base = {
    doc,
    state,
    mode: 'edit' as const,
    model: { name: model.name, ...(model.permissions ? { permissions: model.permissions } : {}) },
    ...(ctx.user !== undefined ? { user: ctx.user } : {}),
  };
  if (ctx.readonly) return errors;
  const fields = model.form.fields;
  for (const field of fields) {
    const items = subFields(field);
    if (items) {
      const rows = getPath(doc, field.src);
      if (!Array.isArray(rows)) continue;
      const stateOf = lineFieldStates(base);
      rows.forEach((row: unknown, i) => {
        if (row === null || typeof row !== 'object') return;
        const line = row as LineLike;
        for (const item of items) {
          const st = stateOf(item, line);
          const value = 'value' in st ? st.value : getPath(line, item.src);
          if (st.required && isEmptyValue(value)) add(item.src, item.label, lineRef(line, i));
        }
      });
      continue;
    }
    const st = fieldState(field, base);
    const value = 'value' in st ? st.value : getPath(doc, field.src);
    if (st.required && isEmptyValue(value)) add(field.src, field.label);
  }
  const bySrc = new Map<string, FieldConfig>(fields.map((f) => [f.src, f]));
  for (const src of serviceRequiredFields(doc, model.name)) {
    if (isEmptyValue(getPath(doc, src))) add(src, bySrc.get(src)?.label ?? SERVICE_FIELD_LABELS[src] ?? src);
  }
  return errors;
}

// ---------------------------------------------------------------- notice

export interface ValidationNotice {
  /** 'warn' when the document has a key (it exists in the ERP or was numbered), else 'error' */
  severity: 'warn' | 'error';
  /** document key and translated status: '4500000001 - Created', or the status alone */
  summary: string;
  /** the messages: header messages first, then one entry per line key with its messages */
  messages: string[];
  /** messages joined with new lines */
  detail: string;
}

/** '{pos}' or '{pos}.{subpos}', with the line key when it has one: 'Line 10 (MAT-1)'. */
export function lineLabel(line: ApiErrorLine): string {
  const pos = line.pos === undefined ? '' : line.subpos ? `${line.pos}.${line.subpos}` : String(line.pos);
  const key = line.key ? String(line.key) : '';
  if (pos && key) return `Line ${pos} (${key})`;
  return pos ? `Line ${pos}` : key ? `Line ${key}` : 'Line';
}

/**
 * The combined notice of a failed validation: messages grouped by line (in first-seen order, header
 * messages first), prefixed by the document key and the translated status label.
 */
export function validationNotice(
  errors: ReadonlyArray<ApiFieldError>,
  doc: Pick<DocumentLike, 'key'>,
  stateLabel: string,
): ValidationNotice {
  const header: string[] = [];
  const groups = new Map<string, string[]>();
  for (const e of errors) {
    if (!e.line) {
      header.push(e.message);
      continue;
    }
    const label = lineLabel(e.line);
    const list = groups.get(label) ?? [];
    list.push(e.message);
    groups.set(label, list);
  }
  const messages = [...header, ...[...groups].map(([label, list]) => `${label}: ${list.join(' ')}`)];
  const key = doc.key === null || doc.key === undefined ? '' : String(doc.key).trim();
  return {
    severity: key ? 'warn' : 'error',
    summary: key ? `${key} - ${stateLabel}` : stateLabel,
    messages,
    detail: messages.join('\n'),
  };
}
