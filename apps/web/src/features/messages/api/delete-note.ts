import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { noteKeys, notePaths } from './note-keys.ts';

/** GET /communication/messages/delete/{id} (a GET, as the specification calls it): deletes the note. */
export const deleteNote = (noteId: string) => api.get<OkResponse>(notePaths.remove(noteId));

/** Deleting a note of the document; the notes and the timeline reload afterwards. */
export function useDeleteNote(model: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => deleteNote(noteId),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: noteKeys.notes(model, id) }),
        client.invalidateQueries({ queryKey: noteKeys.timeline(model, id), exact: true }),
      ]),
  });
}
