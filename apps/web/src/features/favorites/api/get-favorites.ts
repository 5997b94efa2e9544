import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FavoriteGroup } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { favoriteKeys } from './favorite-keys.ts';

/** GET /profile/favorites/{userId}: the user's favorites grouped by model (seed 001 section 3). */
export const getFavorites = (userId: string) =>
  api.get<FavoriteGroup[]>(`/profile/favorites/${encodeURIComponent(userId)}`);

export const favoritesQuery = (userId: string) =>
  queryOptions({
    queryKey: favoriteKeys.of(userId),
    queryFn: () => getFavorites(userId),
    retry: false,
    staleTime: 30_000,
  });

export const useFavorites = (userId: string | undefined) =>
  useQuery({ ...favoritesQuery(userId ?? ''), enabled: Boolean(userId) });

/** The ids of a model's favorites. */
export function favoriteIds(groups: FavoriteGroup[] | undefined, model: string): Set<string> {
  return new Set((groups ?? []).filter((g) => g.model === model).flatMap((g) => g.items.map((i) => i._id)));
}
