import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { SelectButton } from 'primereact/selectbutton';
import {
  ALL_DOCUMENT,
  canSubmitNote,
  chosenFilesRefusal,
  joinViolations,
  NOTE_ATTACHMENT_RULES,
  NOTE_TEXT_LIMIT,
  noteAttachmentViolations,
  parseExtensions,
  refusalLimitText,
  type NoteLine,
  type NoteTo,
  type StoredFile,
} from '@p2p/domain';
import { showToast } from '../../../lib/toasts.ts';
import type { NotePost } from '../api/post-note.ts';
import { useLineText } from './line-text.ts';

export interface NoteComposerProps {
  /** the visibility choices of the caller (a supplier: External only) */
  choices: readonly NoteTo[];
  defaultTo: NoteTo;
  /** the document's lines, after 'All document'; null while the document loads */
  lines: readonly NoteLine[] | null;
  /** files already stored on the document (the notes' files) that a note may name again */
  storedFiles: readonly StoredFile[];
  posting: boolean;
  /** resolves when the note was posted (the form clears), rejects when it was not (the form stays) */
  onPost: (post: NotePost) => Promise<unknown>;
}

const ACCEPT = parseExtensions(NOTE_ATTACHMENT_RULES.extensions)
  .map((e) => `.${e}`)
  .join(',');

/**
 * The composer of the message box (seed 001 sections 2.3, 4.2 and 5): visibility, line, text, new
 * files (checked on choosing: size and extension, all or none) and stored files. Submit is
 * disabled while posting and with neither text nor file; a posted note clears text and files.
 */
export function NoteComposer({ choices, defaultTo, lines, storedFiles, posting, onPost }: NoteComposerProps) {
  const { t } = useTranslation();
  const lineText = useLineText();
  const ids = useId();
  const [to, setTo] = useState<NoteTo>(defaultTo);
  const [line, setLine] = useState<string>(ALL_DOCUMENT);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [linked, setLinked] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);

  const fileCount = files.length + linked.length;
  const ready = canSubmitNote({ text, files: fileCount, posting });

  function addFiles(chosen: File[]) {
    if (!chosen.length) return;
    const all = [...files, ...chosen];
    const messages = noteAttachmentViolations(chosen);
    // the limits of one request (files, total bytes) are told before anything is sent
    const refusal = messages.length ? null : chosenFilesRefusal(all);
    if (messages.length || refusal) {
      showToast({
        severity: 'error',
        detail: refusal ? t(refusal.key, { limit: refusalLimitText(refusal) }) : joinViolations(messages),
      });
      return; // one failing file adds none
    }
    setFiles(all);
  }

  async function submit() {
    if (!ready) return;
    const chosenLine = lines?.find((l) => l._id === line);
    try {
      await onPost({
        log: { text, to, assignees: [], line: chosenLine ? { _id: chosenLine._id } : ALL_DOCUMENT },
        files,
        linkedFiles: linked,
      });
      setText('');
      setFiles([]);
      setLinked([]);
    } catch {
      // not posted: the form keeps what was written (the caller tells why)
    }
  }

  const toOptions = choices.map((value) => ({ value, label: t(`notes.to.${value}`) }));
  const lineOptions = [
    { value: ALL_DOCUMENT, label: t('notes.allDocument') },
    ...(lines ?? []).map((l) => ({ value: l._id, label: lineText(l) })),
  ];
  const storedOptions = storedFiles.map((f) => ({ value: f._id, label: f.name }));

  return (
    <form
      className="note-composer"
      data-testid="note-composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="note-composer__row">
        <div className="note-composer__field">
          <span className="note-composer__label" id={`${ids}-to`}>
            {t('notes.visibility')}
          </span>
          <SelectButton
            value={to}
            options={toOptions}
            allowEmpty={false}
            aria-labelledby={`${ids}-to`}
            onChange={(e) => e.value && setTo(e.value as NoteTo)}
            className="note-composer__to"
            data-testid="note-to"
          />
        </div>
        <div className="note-composer__field">
          <label className="note-composer__label" htmlFor={`${ids}-line`}>
            {t('notes.line')}
          </label>
          <Dropdown
            inputId={`${ids}-line`}
            value={line}
            options={lineOptions}
            onChange={(e) => setLine(String(e.value))}
            disabled={lines === null}
            className="note-composer__line"
            data-testid="note-line-choice"
          />
        </div>
      </div>
      <label className="note-composer__label" htmlFor={`${ids}-text`}>
        {t('notes.text')}
      </label>
      <InputTextarea
        id={`${ids}-text`}
        value={text}
        rows={3}
        autoResize
        maxLength={NOTE_TEXT_LIMIT}
        placeholder={t('notes.placeholder')}
        onChange={(e) => setText(e.target.value)}
        className="note-composer__text"
        data-testid="note-text-input"
      />
      {storedOptions.length > 0 && (
        <MultiSelect
          value={linked}
          options={storedOptions}
          onChange={(e) => setLinked(e.value as string[])}
          placeholder={t('notes.storedFiles')}
          aria-label={t('notes.storedFiles')}
          display="chip"
          className="note-composer__stored"
          data-testid="note-stored-files"
        />
      )}
      {files.length > 0 && (
        <ul className="note-composer__files" data-testid="note-new-files">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="note-composer__file">
              <i className="pi pi-paperclip" aria-hidden="true" /> <span>{f.name}</span>
              <Button
                type="button"
                icon="pi pi-times"
                text
                rounded
                size="small"
                aria-label={t('notes.removeFile', { name: f.name })}
                onClick={() => setFiles(files.filter((_, j) => j !== i))}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="note-composer__actions">
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={ACCEPT}
          data-testid="note-file-input"
          onChange={(e) => {
            addFiles(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
        <Button
          type="button"
          icon="pi pi-paperclip"
          label={t('notes.attach')}
          outlined
          disabled={posting}
          onClick={() => input.current?.click()}
          data-testid="note-attach"
        />
        <Button
          type="submit"
          icon="pi pi-send"
          label={posting ? t('notes.posting') : t('notes.post')}
          loading={posting}
          disabled={!ready}
          data-testid="note-submit"
        />
      </div>
    </form>
  );
}
