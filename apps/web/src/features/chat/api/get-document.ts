import { useQuery } from '@tanstack/react-query';
import type { DocumentResponse } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /purchasing/{model}/{id}: the document a chat is started from (/chat/create?model=&id=), to
 * name it on the page. Its own key: the chat needs only the number and the description.
 */
export const useChatDocument = (model: string | null, id: string | null) =>
  useQuery({
    queryKey: ['chat', 'document', model, id],
    queryFn: () =>
      api.get<DocumentResponse>(`/purchasing/${encodeURIComponent(model!)}/${encodeURIComponent(id!)}`),
    enabled: Boolean(model && id),
    retry: false,
  });
