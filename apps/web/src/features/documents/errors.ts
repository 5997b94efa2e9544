import type { ApiFieldError } from '@p2p/domain';
import { ApiError } from '../../lib/api-client.ts';
import { t } from '../../lib/i18n.ts';
import type { DocumentData } from './api/types.ts';

export interface FormNotice {
  severity: 'error' | 'warn' | 'info';
  title: string;
  messages: string[];
}

export interface MappedErrors {
  /** field src -> message */
  fields: Record<string, string>;
  notice: FormNotice | null;
  conflict: boolean;
}

const lineLabel = (line: ApiFieldError['line']) => {
  if (!line || line.pos === undefined) return '';
  const pos = line.subpos
    ? t('documents.lineKeySub', { pos: line.pos, subpos: line.subpos })
    : t('documents.lineKey', { pos: line.pos });
  return line.key ? `${pos} (${line.key})` : pos;
};

/**
 * Seed 000 sections 5 and 8: a server error on a shown field goes to that field (its group opens);
 * every other message goes into one notice with line keys, prefixed by the document key and its
 * translated status; warning when the document has a key, else error. A stale version (409) is a
 * conflict: the caller keeps the user's input.
 */
export function mapSaveError(
  err: unknown,
  doc: DocumentData,
  fieldSrcs: string[],
  stateLabel: (s: string) => string,
): MappedErrors {
  if (!(err instanceof ApiError)) {
    return {
      fields: {},
      notice: {
        severity: 'error',
        title: t('documents.validationTitle'),
        messages: [String((err as Error)?.message ?? err)],
      },
      conflict: false,
    };
  }
  if (err.status === 409 && err.key === 'document.stale') {
    return { fields: {}, notice: null, conflict: true };
  }
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  const match = (field: string) =>
    fieldSrcs.find(
      (s) =>
        s === field ||
        s === `${field}.name` ||
        (s.startsWith(`${field}.`) && fieldSrcs.filter((x) => x.startsWith(`${field}.`)).length === 1),
    );
  for (const e of err.errors) {
    const src = !e.line && e.field ? match(e.field) : undefined;
    if (src) fields[src] = fields[src] ? `${fields[src]}, ${e.message}` : e.message;
    else rest.push([lineLabel(e.line), e.message].filter(Boolean).join(': '));
  }
  if (!err.errors.length) rest.push(err.message);
  const state = doc._state?.current;
  const prefix = [doc.key, state ? stateLabel(state) : null].filter(Boolean).join(' – ');
  const notice: FormNotice | null = rest.length
    ? {
        severity: doc.key ? 'warn' : 'error',
        title: prefix ? `${prefix}: ${t('documents.validationTitle')}` : t('documents.validationTitle'),
        messages: rest,
      }
    : null;
  return { fields, notice, conflict: false };
}
