import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatDetail } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { chatKeys } from './chat-keys.ts';

/** GET /chat/{id}: the chat and its messages, oldest first; reading marks it read. */
export const getChat = (id: string) => api.get<ChatDetail>(`/chat/${encodeURIComponent(id)}`);

/** An open chat is read again every 15 s: the others' new messages show without a reload. */
export const CHAT_REFRESH_MS = 15_000;

export const chatQuery = (id: string, lang: string) =>
  queryOptions({
    queryKey: chatKeys.one(id, lang),
    queryFn: () => getChat(id),
    refetchInterval: CHAT_REFRESH_MS,
    retry: false,
  });

export const useChat = (id: string, lang: string) => useQuery(chatQuery(id, lang));
