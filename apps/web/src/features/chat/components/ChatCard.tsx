import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router';
import { mayChat } from '@p2p/domain';
import { Loading } from '../../../components/Loading.tsx';
import { useUser } from '../../../lib/session.ts';
import { useChats } from '../api/list-chats.ts';
import { ChatList } from './ChatList.tsx';

/** Home card: the newest chats of the user (5), with links to all chats and a new one. */
export function ChatCard({ count = 5 }: { count?: number }) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const allowed = mayChat(user);
  const chats = useChats(i18n.language, allowed);
  if (!allowed) return null;
  return (
    <section className="card" data-testid="chat-card">
      <div className="chat-heading">
        <h2>{t('chat.title')}</h2>
        <span className="chat-heading__links">
          <Link to="/chat/create" data-testid="chat-card-new">
            {t('chat.new')}
          </Link>
          <Link to="/chat">{t('chat.all')}</Link>
        </span>
      </div>
      {chats.isLoading ? <Loading /> : <ChatList chats={(chats.data ?? []).slice(0, count)} />}
    </section>
  );
}
