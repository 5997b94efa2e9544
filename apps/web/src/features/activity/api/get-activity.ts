import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityGroup } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /profile/activity/{userId}?k=&l= (seed 001 section 7): the caller's newest documents of kind
 * `k` (0 to 11), at most `l`, as groups {label, items[{_id, name, url}]}. The labels are in the
 * user's language, so the language is part of the key.
 */
export const getActivity = (userId: string, kind: number, count: number) =>
  api.get<ActivityGroup[]>(`/profile/activity/${encodeURIComponent(userId)}`, {
    query: { k: kind, l: count },
  });

export const activityKeys = {
  all: ['activity'] as const,
  of: (userId: string, kind: number, count: number, lang: string) =>
    ['activity', userId, kind, count, lang] as const,
};

export const activityQuery = (userId: string, kind: number, count: number, lang: string) =>
  queryOptions({
    queryKey: activityKeys.of(userId, kind, count, lang),
    queryFn: () => getActivity(userId, kind, count),
    staleTime: 30_000,
    retry: false,
    // switching kind keeps the previous list on screen until the next one arrives
    placeholderData: keepPreviousData,
  });

export const useActivity = (userId: string | undefined, kind: number, count: number, lang: string) =>
  useQuery({ ...activityQuery(userId ?? '', kind, count, lang), enabled: Boolean(userId) });
