import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { formatNoteTime, type Note } from '@p2p/domain';
import { useLineText } from './line-text.ts';

export interface NoteItemProps {
  note: Note;
  /** the caller may delete it (the domain's rule: author or admin level, never read-only) */
  deletable: boolean;
  deleting: boolean;
  onDelete: () => void;
  onOpenFile: (fileId: string) => void;
}

const TAG_SEVERITY = { _all: 'info', requester: 'secondary', supplier: 'warning' } as const;

/**
 * One note (seed 001 section 2.3): 'yyyy-MM-dd HH:mm', the author, the audience label, the line as
 * a title, the text with its line breaks, the files, and 'Rejected by {name}' when flagged. The
 * author is unknown to a supplier for the buying side's notes: shown as the buying side.
 */
export function NoteItem({ note, deletable, deleting, onDelete, onOpenFile }: NoteItemProps) {
  const { t } = useTranslation();
  const lineText = useLineText();
  const author = note.user?.name || t('notes.buyerSide');
  return (
    <li className="note" data-testid="note" data-note-id={note._id} data-to={note.to}>
      <div className="note__head">
        <time className="note__time" dateTime={note.ts} data-testid="note-ts">
          {formatNoteTime(note.ts)}
        </time>
        <strong className="note__author" data-testid="note-author">
          {author}
        </strong>
        <Tag value={t(`notes.to.${note.to}`)} severity={TAG_SEVERITY[note.to]} data-testid="note-audience" />
        {deletable && (
          <Button
            type="button"
            icon="pi pi-trash"
            text
            rounded
            severity="danger"
            className="note__delete"
            aria-label={t('notes.delete')}
            title={t('notes.delete')}
            loading={deleting}
            disabled={deleting}
            onClick={onDelete}
            data-testid="note-delete"
          />
        )}
      </div>
      <div className="note__line" data-testid="note-line">
        {lineText(note.line)}
      </div>
      {note.rejected && (
        <div className="note__rejected" data-testid="note-rejected">
          <i className="pi pi-times-circle" aria-hidden="true" />{' '}
          {note.user ? t('notes.rejectedBy', { name: note.user.name }) : t('notes.rejected')}
        </div>
      )}
      {note.text && (
        <p className="note__text" data-testid="note-text">
          {note.text}
        </p>
      )}
      {note.files.length > 0 && (
        <ul className="note__files" data-testid="note-files">
          {note.files.map((f) => (
            <li key={f._id}>
              <Button
                type="button"
                link
                icon="pi pi-paperclip"
                label={f.name}
                className="note__file"
                aria-label={t('notes.openFile', { name: f.name })}
                onClick={() => onOpenFile(f._id)}
                data-testid="note-file"
              />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
