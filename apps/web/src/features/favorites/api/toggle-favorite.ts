import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FavoriteToggle } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { favoriteKeys } from './favorite-keys.ts';

/** POST /purchasing/{model}/{id}/favorite: toggles the document; answers whether it is a favorite now. */
export const toggleFavorite = (model: string, id: string) =>
  api.post<FavoriteToggle>(`/purchasing/${encodeURIComponent(model)}/${encodeURIComponent(id)}/favorite`, {});

/** The star of one document; the favorites lists reload afterwards. */
export function useToggleFavorite(model: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => toggleFavorite(model, id),
    onSuccess: () => client.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}
