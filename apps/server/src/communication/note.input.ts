import {
  isContractDocument,
  noteLineLabel,
  parseNoteLineId,
  type NoteLine,
  type NotePostLog,
  type NoteTo,
} from '@p2p/domain';
import { LinkedFilesSchema, NotePostLogSchema } from '@p2p/domain/api';
import { Compile } from 'typebox/compile';
import type { Db } from '../db/database.ts';
import type { DocumentRow } from '../documents/document.repository.ts';
import { fieldErrors } from '../lib/app-error.ts';
import {
  hasForbiddenText,
  INVALID_INPUT,
  jsonDepthExceeds,
  MAX_JSON_DEPTH,
  TOO_DEEP,
} from '../lib/input-guard.ts';
import { noteRepository } from './note.repository.ts';

/**
 * The text fields of a note's multipart post (seed 001 section 3 "Message post"): `log` as JSON
 * {text, assignees[], to, line} and `linkedFiles` as a JSON array of file ids. A multipart field
 * is not checked by the JSON body guard, so this file refuses what PostgreSQL cannot store too.
 */
export interface NotePost {
  /** null when blank: a note of files only */
  text: string | null;
  to: NoteTo;
  line: NotePostLog['line'];
  assignees: string[];
  linkedFiles: string[];
}

const logChecker = Compile(NotePostLogSchema);
const linkedChecker = Compile(LinkedFilesSchema);

const invalid = (field: string, message: string) =>
  fieldErrors(message, [{ field, message }], 'notes.invalid');

/** Any string inside the value (escapes such as \u0000 are only text before parsing). */
function holdsForbiddenText(value: unknown): boolean {
  if (typeof value === 'string') return hasForbiddenText(value);
  if (Array.isArray(value)) return value.some(holdsForbiddenText);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => hasForbiddenText(k) || holdsForbiddenText(v));
  return false;
}

function parseJson(field: string, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw invalid(field, TOO_DEEP);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw invalid(field, `${field} must be JSON.`);
  }
  if (holdsForbiddenText(value)) throw invalid(field, INVALID_INPUT);
  return value;
}

export function readNotePost(fields: Readonly<Record<string, string>>): NotePost {
  const log = parseJson('log', fields.log);
  if (log === undefined) throw invalid('log', 'The note (log) is missing.');
  if (!logChecker.Check(log))
    throw invalid('log', 'log must be {text, to: _all | requester | supplier, line, assignees[]}.');
  const linked = parseJson('linkedFiles', fields.linkedFiles) ?? [];
  if (!linkedChecker.Check(linked)) throw invalid('linkedFiles', 'linkedFiles must be an array of file ids.');
  const text = log.text ?? '';
  return {
    // kept as written (line breaks and all); only a blank text counts as none
    text: text.trim() ? text : null,
    to: log.to,
    line: log.line,
    assignees: [...new Set(log.assignees ?? [])],
    linkedFiles: linked,
  };
}

/**
 * The line of a new note: null for '_all' or none; else a line of the document, found by its id
 * '{pos}/{subpos}', labelled by the server (the client's label is not kept).
 */
export async function resolveLine(
  db: Db,
  row: Pick<DocumentRow, 'id' | 'type'>,
  model: string,
  line: NotePost['line'],
): Promise<NoteLine | null> {
  if (line === undefined || line === '_all') return null;
  const at = parseNoteLineId(line._id);
  if (!at || !(await noteRepository(db).hasLine(row.id, at.pos, at.subpos)))
    throw invalid('line', 'The line is not a line of this document.');
  return { _id: line._id, label: noteLineLabel(at, isContractDocument({ doc: { type: row.type } }, model)) };
}
