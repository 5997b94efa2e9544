import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatCreate, ChatDetail } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { chatKeys } from './chat-keys.ts';

/** POST /chat: one chat about one document, its participants and its first message. */
export const createChat = (body: ChatCreate) => api.post<ChatDetail>('/chat', body);

export function useCreateChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createChat,
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.all }),
  });
}
