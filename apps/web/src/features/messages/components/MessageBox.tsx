import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Panel } from 'primereact/panel';
import {
  canDeleteNote,
  defaultNoteTo,
  noteLineChoices,
  noteToChoices,
  type Note,
  type StoredFile,
} from '@p2p/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useUser } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useDeleteNote } from '../api/delete-note.ts';
import { useNotesDocument } from '../api/get-document.ts';
import { useNotes } from '../api/get-notes.ts';
import { openNoteFile } from '../api/open-file.ts';
import { usePostNote, type NotePost } from '../api/post-note.ts';
import { NoteComposer } from './NoteComposer.tsx';
import { NoteItem } from './NoteItem.tsx';
import './messages.css';

export interface MessageBoxProps {
  model: string;
  id: string;
}

/** The files the notes carry, once each: what a new note may name again (linkedFiles). */
const storedFilesOf = (notes: readonly Note[]): StoredFile[] => {
  const seen = new Map<string, StoredFile>();
  for (const n of notes) for (const f of n.files) if (!seen.has(f._id)) seen.set(f._id, f);
  return [...seen.values()];
};

/**
 * The message box of a document (seed 001 sections 2.3, 4.2, 6 and 8): its notes with a busy
 * indicator while they load, and the composer. A failed load is only logged (the box stays
 * hidden); a failed post keeps the form and says why; deletion asks first.
 */
export function MessageBox({ model, id }: MessageBoxProps) {
  const { t } = useTranslation();
  const user = useUser();
  const notes = useNotes(model, id);
  const doc = useNotesDocument(model, id);
  const post = usePostNote(model, id);
  const remove = useDeleteNote(model, id);
  const [confirm, setConfirm] = useState<Note | null>(null);

  useEffect(() => {
    if (notes.error) console.error('notes could not be loaded', notes.error);
  }, [notes.error]);

  // the line choice waits for the document; without it (not readable, failed) only 'All document'
  const lines = useMemo(
    () => (doc.data ? noteLineChoices(doc.data, model) : doc.isPending ? null : []),
    [doc.data, doc.isPending, model],
  );
  const stored = useMemo(() => storedFilesOf(notes.data ?? []), [notes.data]);

  if (notes.isError) return null;

  const onPost = (value: NotePost) =>
    post.mutateAsync(value).then(
      () => showToast({ severity: 'success', detail: t('notes.posted') }),
      (err: unknown) => {
        console.error('note not posted', err);
        showToast({
          severity: 'error',
          detail: err instanceof Error && err.message ? err.message : t('notes.postFailed'),
        });
        throw err;
      },
    );

  const openFile = (fileId: string) =>
    openNoteFile(fileId).catch((err: unknown) =>
      showToast({
        severity: 'error',
        detail: err instanceof Error && err.message ? err.message : t('files.linkFailed'),
      }),
    );

  return (
    <section className="page message-box" data-testid="message-box" aria-label={t('notes.title')}>
      <Panel header={t('notes.title')} toggleable className="form-group">
        {notes.isPending ? (
          <div data-testid="notes-loading">
            <Loading />
          </div>
        ) : notes.data.length ? (
          <ul className="notes" data-testid="notes">
            {notes.data.map((n) => (
              <NoteItem
                key={n._id}
                note={n}
                deletable={canDeleteNote({ readonly: n.readonly, authorId: n.user?._id ?? null }, user)}
                deleting={remove.isPending && remove.variables === n._id}
                onDelete={() => setConfirm(n)}
                onOpenFile={(fileId) => void openFile(fileId)}
              />
            ))}
          </ul>
        ) : (
          <p className="muted" data-testid="notes-empty">
            {t('notes.empty')}
          </p>
        )}
        {user && (
          <NoteComposer
            key={`${model}-${id}`}
            choices={noteToChoices(user)}
            defaultTo={defaultNoteTo(user, model)}
            lines={lines}
            storedFiles={stored}
            posting={post.isPending}
            onPost={onPost}
          />
        )}
      </Panel>
      <ConfirmDialog
        visible={confirm !== null}
        message={t('notes.deleteConfirm')}
        onCancel={() => setConfirm(null)}
        onAccept={() => {
          const note = confirm;
          setConfirm(null);
          if (note)
            remove.mutate(note._id, {
              onSuccess: () => showToast({ severity: 'success', detail: t('notes.deleted') }),
              onError: (err) =>
                showToast({ severity: 'error', detail: err.message || t('notes.deleteFailed') }),
            });
        }}
      />
    </section>
  );
}
