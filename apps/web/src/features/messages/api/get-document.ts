import { useQuery } from '@tanstack/react-query';
import type { DocumentResponse } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { noteKeys, notePaths } from './note-keys.ts';

/**
 * The document the notes are on (its type and lines, for the line choice): the same call and
 * query key as the documents feature's form, so the form's answer is reused, not fetched again.
 */
export const useNotesDocument = (model: string, id: string) =>
  useQuery({
    queryKey: noteKeys.document(model, id),
    queryFn: () => api.get<DocumentResponse>(notePaths.document(model, id)),
    retry: false,
  });
