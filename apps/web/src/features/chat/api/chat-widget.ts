import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatWidgetSettings } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { chatKeys } from './chat-keys.ts';

/** GET /chat/widget: the external widget's settings of the user's domain (disabled for suppliers). */
export const getChatWidget = () => api.get<ChatWidgetSettings>('/chat/widget');

export const useChatWidget = (enabled = true) =>
  useQuery({
    queryKey: chatKeys.widget,
    queryFn: getChatWidget,
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });

/** PUT /chat/widget (administrators): answers the settings as saved. */
export const saveChatWidget = (settings: ChatWidgetSettings) =>
  api.put<ChatWidgetSettings>('/chat/widget', settings);

export function useSaveChatWidget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveChatWidget,
    onSuccess: (saved) => client.setQueryData(chatKeys.widget, saved),
  });
}
