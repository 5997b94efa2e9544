import { useQuery } from '@tanstack/react-query';
import type { NoteList } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { noteKeys, notePaths } from './note-keys.ts';

/** GET /communication/notes/{model}/{id}: the notes the caller may read, oldest first. */
export const getNotes = (model: string, id: string) => api.get<NoteList>(notePaths.list(model, id));

export const useNotes = (model: string, id: string) =>
  useQuery({ queryKey: noteKeys.notes(model, id), queryFn: () => getNotes(model, id), retry: false });
