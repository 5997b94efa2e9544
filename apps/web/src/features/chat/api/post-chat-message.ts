import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatPost } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { chatKeys } from './chat-keys.ts';

/** POST /chat/{id}/messages: a message of a participant. */
export const postChatMessage = (id: string, body: ChatPost) =>
  api.post<ChatMessage>(`/chat/${encodeURIComponent(id)}/messages`, body);

export function usePostChatMessage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => postChatMessage(id, { text }),
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.all }),
  });
}
