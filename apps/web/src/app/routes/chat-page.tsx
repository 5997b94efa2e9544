import { ChatPage } from '../../features/chat/components/ChatPage.tsx';
import { UserAvatar } from '../../features/profile/index.ts';

/** /chat/{id}: the chat with each author's photo (or the no-photo placeholder). */
export function ChatPageRoute() {
  return <ChatPage avatar={(user) => <UserAvatar user={user} />} />;
}
