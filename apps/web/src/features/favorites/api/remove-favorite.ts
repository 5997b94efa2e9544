import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserConfigRequest, UserConfigResponse } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { favoriteKeys } from './favorite-keys.ts';

export interface FavoriteRef {
  model: string;
  id: string;
}

/**
 * POST /profile/user/config {favorites: {model, id}} (seed 001 section 7): removes a favorite from
 * the list, also one whose document can no longer be opened; answers the user's configuration.
 */
export const removeFavorite = (favorite: FavoriteRef) =>
  api.post<UserConfigResponse>('/profile/user/config', { favorites: favorite } satisfies UserConfigRequest);

/** Removes a favorite; the list is then reloaded (seed 001 section 2.1). */
export function useRemoveFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeFavorite,
    onSuccess: () => client.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}
