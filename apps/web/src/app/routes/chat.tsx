import { Outlet } from 'react-router';
import { ChatWidget } from '../../features/chat/index.ts';
import { lazyPage } from './pages.tsx';

/** The chat pages, each a chunk of its own loaded on its first visit. */
export const ChatCreateRoute = lazyPage(() =>
  import('../../features/chat/components/ChatCreatePage.tsx').then((m) => m.ChatCreatePage),
);
export const ChatListRoute = lazyPage(() =>
  import('../../features/chat/components/ChatListPage.tsx').then((m) => m.ChatListPage),
);
/** /chat/{id}, with the profile's photos beside the messages (routes/chat-page.tsx). */
export const ChatRoute = lazyPage(() => import('./chat-page.tsx').then((m) => m.ChatPageRoute));

/** The signed-in pages: the external chat widget (when enabled) stays across them. */
export function SignedInPages() {
  return (
    <>
      <ChatWidget />
      <Outlet />
    </>
  );
}
