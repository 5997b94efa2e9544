import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatSummary } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { chatKeys } from './chat-keys.ts';

/** GET /chat: the caller's chats, newest activity first, each with its unread count. */
export const listChats = () => api.get<ChatSummary[]>('/chat');

export const chatsQuery = (lang: string) =>
  queryOptions({
    // document titles come in the user's language
    queryKey: chatKeys.list(lang),
    queryFn: listChats,
    staleTime: 15_000,
    refetchInterval: 60_000,
  });

export const useChats = (lang: string, enabled = true) => useQuery({ ...chatsQuery(lang), enabled });
