/**
 * The line a note concerns (seed 001 section 2.3): the whole document, or one line labelled
 * 'Item {pos}', or '{pos}.{subpos}' on contracts. A line is named by its position, the key of a
 * stored line ('{pos}/{subpos}'); the server finds the line and writes the label itself.
 */
import type { DocumentLike, LineLike } from '../documents/types.ts';

/** The line value of a note about the whole document. */
export const ALL_DOCUMENT = '_all';
export const ALL_DOCUMENT_LABEL = 'All document';

export interface NoteLine {
  _id: string;
  label: string;
}

const position = (line: Pick<LineLike, 'pos' | 'subpos'>) => ({
  pos: typeof line.pos === 'number' ? line.pos : 0,
  subpos: typeof line.subpos === 'number' ? line.subpos : 0,
});

/** '{pos}/{subpos}': the id of a line in a note (a stored line's primary key). */
export function noteLineId(line: Pick<LineLike, 'pos' | 'subpos'>): string {
  const { pos, subpos } = position(line);
  return `${pos}/${subpos}`;
}

/** Reads a line id back; null for anything that is not '{pos}/{subpos}' with whole numbers. */
export function parseNoteLineId(id: string): { pos: number; subpos: number } | null {
  const m = /^(\d{1,9})\/(\d{1,9})$/.exec(id);
  return m ? { pos: Number(m[1]), subpos: Number(m[2]) } : null;
}

/** Contracts name their lines '{pos}.{subpos}'. */
export const isContractDocument = (doc: Pick<DocumentLike, 'doc'> | null | undefined, model?: string) =>
  (doc?.doc?.type || model) === 'contract';

/** 'Item {pos}', or '{pos}.{subpos}' for contracts. */
export function noteLineLabel(line: Pick<LineLike, 'pos' | 'subpos'>, contract: boolean): string {
  const { pos, subpos } = position(line);
  return contract ? `${pos}.${subpos}` : `Item ${pos}`;
}

/** The line choices of the composer, after 'All document' (which the caller adds, translated). */
export function noteLineChoices(doc: DocumentLike | null | undefined, model?: string): NoteLine[] {
  const contract = isContractDocument(doc, model);
  return (doc?.lines ?? []).map((line) => ({ _id: noteLineId(line), label: noteLineLabel(line, contract) }));
}
