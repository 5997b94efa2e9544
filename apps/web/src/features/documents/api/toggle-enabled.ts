import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setPath, type ToggleEnabledRequest } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { documentKeys, documentsPath } from './document-keys.ts';
import type { DocumentList, DocumentResponse } from './types.ts';

export interface ToggleEnabledInput {
  id: string;
  /** the src of the 'enabled' column */
  src: string;
  value: boolean;
}

/** PUT /purchasing/{model}/{id}/toggle-enabled {value}: answers the saved document. */
export const toggleEnabled = (model: string, id: string, value: boolean) =>
  api.put<DocumentResponse>(`${documentsPath(model, id)}/toggle-enabled`, {
    value,
  } satisfies ToggleEnabledRequest);

/**
 * The list's 'enabled' switch: the row shows the new value at once, goes back when the server
 * refuses, and the model's lists and the document are read again afterwards.
 */
export function useToggleEnabled(model: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, value }: ToggleEnabledInput) => toggleEnabled(model, id, value),
    onMutate: async ({ id, src, value }) => {
      await client.cancelQueries({ queryKey: documentKeys.lists(model) });
      const before = client.getQueriesData<DocumentList>({ queryKey: documentKeys.lists(model) });
      client.setQueriesData<DocumentList>(
        { queryKey: documentKeys.lists(model) },
        (list) =>
          list && {
            ...list,
            items: list.items.map((row) => (String(row._id) === id ? setPath(row, src, value) : row)),
          },
      );
      return { before };
    },
    onError: (_err, _input, context) => {
      for (const [key, list] of context?.before ?? []) client.setQueryData(key, list);
    },
    onSuccess: (saved, { id }) => client.setQueryData(documentKeys.one(model, id), saved),
    onSettled: () => client.invalidateQueries({ queryKey: documentKeys.lists(model) }),
  });
}
