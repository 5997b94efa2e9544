import type { FieldConfig, FieldMode, RecognisedFields, SessionUser, StoredFile } from '@p2p/domain';

/** The field type union and list live in @p2p/domain (shared with the server). */
export { FIELD_TYPES, resolveFieldType, type FieldType } from '@p2p/domain';

export interface FieldItem {
  key: string | number;
  label?: string;
  value?: number;
  group?: string;
  icon?: string;
  color?: string;
}

/**
 * A field as the renderers read it: the domain's field config (seed 000 section 3, as GET
 * /config/model/{lang}/{model} serves it, labels in the asked language) with only `src` required,
 * so a table column names just what it shows, plus what only the web app reads.
 */
export interface FieldDef extends Partial<Omit<FieldConfig, 'src'>> {
  src: string;
  /** table column: right aligned */
  right?: boolean;
  /** media: file size limit in bytes */
  size?: number;
  /** media: the allowed file extensions, a comma list ('pdf, png') */
  extensions?: string;
  /**
   * media: the server reads the uploaded PDFs for this check (seed 001 section 7). `checkInto` names
   * where its answer goes: a field's src takes the whole text (`info`); a map takes the recognised
   * fields one by one ({vat: 'vat', street: 'address.street', validTo: 'taxValidTo', info: 'notes'}).
   */
  check?: 'summarize' | 'taxAuthority' | 'socialSecurity';
  checkInto?: string | CheckInto;
  /** number: entered with the numeric stepper (small whole counts), moving by `step` (default 1) */
  stepper?: boolean;
  step?: number;
}

/** Where a check's findings go: a recognised field (or `info`, the text) to the src of a form field. */
export type CheckInto = Partial<Record<keyof RecognisedFields | 'info', string>>;

/** Upload and download of stored files (POST /api/files, GET /api/files/{id}), given by the feature. */
export interface FieldFiles {
  upload: (
    files: readonly File[],
    options: {
      maxSize?: number;
      extensions?: string;
      onProgress?: (percent: number) => void;
      check?: { type: 'summarize' | 'taxAuthority' | 'socialSecurity'; obj?: unknown };
    },
  ) => Promise<{ files: StoredFile[]; info?: string | null; recognised?: RecognisedFields | null }>;
  /**
   * opens a stored file in a new tab through a short-lived download link minted on the click (a
   * link never carries the session's token)
   */
  open: (id: string) => Promise<void>;
}

/** What an input may need besides its own value: the document, the user and option sources. */
export interface FieldContext {
  doc?: Record<string, unknown>;
  user?: SessionUser | null;
  /** the form's mode: line cells follow the shared field rules for it */
  mode?: FieldMode;
  /** option lists by ref name ('subtype', 'purchasing.currencies', 'purchasing.taxCodes', ...) */
  options?: Record<string, FieldItem[]>;
  /** state labels of the model workflow */
  states?: Record<string, string>;
  /** file upload and download of media fields; without it files show by name and cannot be added */
  files?: FieldFiles;
  /** sets another field of the form (a file check fills its text field); absent: nothing is filled */
  setValue?: (src: string, value: unknown) => void;
}

export interface DisplayProps {
  field: FieldDef;
  value: unknown;
  ctx?: FieldContext;
}

export interface InputProps extends DisplayProps {
  id: string;
  onChange: (value: unknown) => void;
  disabled?: boolean;
  invalid?: boolean;
}
