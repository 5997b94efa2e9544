import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkedFiles, Note, NotePostLog } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { noteKeys, notePaths } from './note-keys.ts';

export interface NotePost {
  log: NotePostLog;
  /** new files, sent as files[0..n] */
  files: readonly File[];
  /** ids of files already stored on the document */
  linkedFiles: LinkedFiles;
}

/** POST /communication/messages/{model}/{id} as multipart: log (JSON), files[n], linkedFiles (JSON). */
export function postNote(model: string, id: string, post: NotePost): Promise<Note> {
  const form = new FormData();
  form.append('log', JSON.stringify(post.log));
  post.files.forEach((file, i) => form.append(`files[${i}]`, file, file.name));
  if (post.linkedFiles.length) form.append('linkedFiles', JSON.stringify(post.linkedFiles));
  return api.post<Note>(notePaths.post(model, id), form);
}

/** Posting a note; the notes and the timeline reload afterwards. */
export function usePostNote(model: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (post: NotePost) => postNote(model, id, post),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: noteKeys.notes(model, id) }),
        client.invalidateQueries({ queryKey: noteKeys.timeline(model, id), exact: true }),
      ]),
  });
}
