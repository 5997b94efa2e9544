import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Seed 001 section 3 "Favorite group". */
export interface FavoriteItem {
  _id: string;
  name?: string;
  url?: string;
}
export interface FavoriteGroup {
  label: string;
  model: string;
  route?: string;
  items: FavoriteItem[];
}

export const favoritesQuery = (userId: string) =>
  queryOptions({
    queryKey: ['favorites', userId],
    queryFn: async () => {
      const res = await api.get<FavoriteGroup[] | { items?: FavoriteGroup[] }>(`/profile/favorites/${encodeURIComponent(userId)}`);
      return Array.isArray(res) ? res : (res?.items ?? []);
    },
    retry: false,
    staleTime: 30_000,
  });

export const useFavorites = (userId: string | undefined) => useQuery({ ...favoritesQuery(userId ?? ''), enabled: Boolean(userId) });

/** The ids of a model's favorites. */
export function favoriteIds(groups: FavoriteGroup[] | undefined, model: string): Set<string> {
  return new Set((groups ?? []).filter((g) => g.model === model).flatMap((g) => g.items.map((i) => String(i._id))));
}

/** POST /purchasing/{model}/{id}/favorite: toggles; answers {favorite} when the server says the new state. */
export const toggleFavorite = (model: string, id: string) =>
  api.post<{ favorite?: boolean } | undefined>(`/purchasing/${encodeURIComponent(model)}/${encodeURIComponent(id)}/favorite`, {});

/**
 * Removes a favorite: the document's favorite toggle (it is a favorite, so the toggle removes it);
 * when the document can no longer be opened (deleted, out of scope) the seed 001 section 7 call
 * POST /profile/user/config {favorites:{model, id}} removes it instead.
 */
export async function removeFavorite(model: string, id: string): Promise<void> {
  try {
    const res = await toggleFavorite(model, id);
    // toggled back on: it was not stored as a favorite any more; undo
    if (res?.favorite === true) await toggleFavorite(model, id);
  } catch {
    await api.post<unknown>('/profile/user/config', { favorites: { model, id } });
  }
}

export const invalidateFavorites = (client: QueryClient) => client.invalidateQueries({ queryKey: ['favorites'] });
