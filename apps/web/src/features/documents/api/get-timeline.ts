import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentKeys } from './document-keys.ts';
import type { TimelineResponse } from './types.ts';

/** GET /communication/messages/{model}/{id}: {state, steps, items}, the messages merged by the server. */
export const getTimeline = (model: string, id: string) =>
  api.get<TimelineResponse>(`/communication/messages/${encodeURIComponent(model)}/${encodeURIComponent(id)}`);

export const timelineQuery = (model: string, id: string) =>
  queryOptions({
    queryKey: documentKeys.timeline(model, id),
    queryFn: () => getTimeline(model, id),
    retry: false,
  });

export const useTimeline = (model: string, id: string) => useQuery(timelineQuery(model, id));
