import { useCallback, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { ProgressBar } from 'primereact/progressbar';
import {
  chosenFilesRefusal,
  FILE_SIZE_LIMIT,
  fileViolations,
  refusalLimitText,
  type RecognisedFields,
  type StoredFile,
} from '@p2p/domain';
import { showToast } from '../../lib/toasts.ts';
import { InlineMessage } from '../InlineMessage.tsx';
import type { CheckInto, DisplayProps, FieldContext, FieldFiles, InputProps } from './types.ts';

/**
 * The 'media' (and 'file') field: chosen files are checked with fileViolations (size limit of the
 * field, else 20,000,000 bytes; the field's allowed `extensions`), uploaded through the context's
 * `files` (the feature's POST /api/files, with upload progress), and the field value becomes
 * [{_id, name, contentType, size}]. If any chosen file fails a check, the messages (de-duplicated,
 * joined) show as a failure and no file is added. Without `files` in the context, stored files show
 * by name and no file can be added.
 */

/** The stored files of a value; older values ({name} or a plain name) show without a link. */
export function mediaFiles(value: unknown): Array<Partial<StoredFile> & { name: string }> {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list
    .map((v) => {
      if (typeof v === 'string') return { name: v };
      if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        const name = String(o.name ?? o.filename ?? '');
        return typeof o._id === 'string' ? { ...(o as Partial<StoredFile>), _id: o._id, name } : { name };
      }
      return null;
    })
    .filter((f): f is Partial<StoredFile> & { name: string } => Boolean(f?.name));
}

function FileLink({ file, files }: { file: Partial<StoredFile> & { name: string }; files?: FieldFiles }) {
  const { t } = useTranslation();
  if (!file._id || !files) return <span className="field-media-name">{file.name}</span>;
  const id = file._id;
  // the link is minted on the click: it lives a few minutes and never carries the session's token
  return (
    <a
      className="field-media-link"
      href="#"
      title={t('files.download', { name: file.name })}
      onClick={(e) => {
        e.preventDefault();
        files.open(id).catch((err: unknown) =>
          showToast({
            severity: 'error',
            detail: err instanceof Error && err.message ? err.message : t('files.linkFailed'),
          }),
        );
      }}
    >
      {file.name}
    </a>
  );
}

export function MediaDisplay({ value, ctx }: DisplayProps) {
  const files = mediaFiles(value);
  if (!files.length) return <span className="field-empty" aria-hidden="true" />;
  return (
    <span className="field-media">
      <i className="pi pi-paperclip" aria-hidden="true" />{' '}
      {files.map((f, i) => (
        <span key={f._id ?? `${f.name}-${i}`}>
          {i > 0 && ', '}
          <FileLink file={f} files={ctx?.files} />
        </span>
      ))}
    </span>
  );
}

/**
 * The server's reading of the files goes where the field's `checkInto` says: the text into one
 * field, or each recognised field into the form field it is mapped to (what was not found leaves
 * its field as it was).
 */
export function fillFromCheck(
  into: string | CheckInto,
  answer: { info?: string | null; recognised?: RecognisedFields | null },
  setValue: FieldContext['setValue'],
): number {
  if (!setValue) return 0;
  if (typeof into === 'string') {
    if (answer.info) setValue(into, answer.info);
    return answer.info ? 1 : 0;
  }
  const found: Record<string, unknown> = {
    ...answer.recognised,
    ...(answer.info ? { info: answer.info } : {}),
  };
  let filled = 0;
  for (const [key, src] of Object.entries(into))
    if (src && found[key] !== undefined && found[key] !== '') {
      setValue(src, found[key]);
      filled++;
    }
  return filled;
}

export function MediaInput({ id, field, value, ctx, onChange, disabled }: InputProps) {
  const { t } = useTranslation();
  const transfer = ctx?.files;
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // a short confirmation beside the field once a check has filled the form (hides after 3 s)
  const [filled, setFilled] = useState(false);
  const files = mediaFiles(value);
  const limit = field.size ?? FILE_SIZE_LIMIT;

  const fail = (message: string) => {
    setError(message);
    showToast({ severity: 'error', detail: message });
  };

  async function choose(chosen: File[]) {
    if (!chosen.length || !transfer) return;
    const messages = fileViolations(chosen, {
      maxSize: limit,
      ...(field.extensions ? { extensions: field.extensions } : {}),
    });
    if (messages.length) {
      fail(messages.join(' '));
      return;
    }
    // the limits of one upload (files, total bytes) are told before anything is sent
    const refusal = chosenFilesRefusal(chosen);
    if (refusal) {
      fail(t(refusal.key, { limit: refusalLimitText(refusal) }));
      return;
    }
    setError(null);
    setFilled(false);
    setProgress(0);
    try {
      const res = await transfer.upload(chosen, {
        maxSize: limit,
        ...(field.extensions ? { extensions: field.extensions } : {}),
        // a certificate is checked against the VAT number the form already holds
        ...(field.check ? { check: { type: field.check, obj: { vat: ctx?.doc?.vat } } } : {}),
        onProgress: setProgress,
      });
      const kept = files.filter((f) => f._id) as StoredFile[];
      onChange([...kept, ...res.files]);
      if (field.check && field.checkInto) setFilled(fillFromCheck(field.checkInto, res, ctx?.setValue) > 0);
    } catch (err) {
      fail(err instanceof Error && err.message ? err.message : t('files.uploadFailed'));
    } finally {
      setProgress(null);
    }
  }

  const remove = (index: number) => {
    const rest = files.filter((_, i) => i !== index);
    onChange(rest.length ? rest : null);
  };

  const busy = progress !== null;
  const hideFilled = useCallback(() => setFilled(false), []);
  return (
    <span className="field-media-input">
      <input
        id={id}
        type="file"
        multiple={field.multiple !== false}
        disabled={disabled || busy || !transfer}
        title={t('files.choose')}
        {...(field.extensions
          ? {
              accept: field.extensions
                .split(',')
                .map((e) => `.${e.trim().replace(/^\./, '')}`)
                .join(','),
            }
          : {})}
        onChange={(e) => {
          const list = Array.from(e.target.files ?? []);
          e.target.value = '';
          void choose(list);
        }}
      />
      {busy && (
        <ProgressBar
          value={progress}
          className="field-media-progress"
          aria-label={t('files.uploading')}
          data-testid={`${id}-progress`}
        />
      )}
      {files.length > 0 && (
        <ul className="field-media-list" data-testid={`${id}-files`}>
          {files.map((f, i) => (
            <li key={f._id ?? `${f.name}-${i}`}>
              <FileLink file={f} files={transfer} />
              {!disabled && (
                <button
                  type="button"
                  className="p-button p-button-text p-button-sm field-media-remove"
                  aria-label={t('files.remove', { name: f.name })}
                  onClick={() => remove(i)}
                >
                  <i className="pi pi-times" aria-hidden="true" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {filled && <InlineMessage severity="success" text={t('files.checkFilled')} onHide={hideFilled} />}
      {error && (
        <small className="p-error field-input-error" id={`${id}-invalid`} role="alert">
          {error}
        </small>
      )}
    </span>
  );
}
