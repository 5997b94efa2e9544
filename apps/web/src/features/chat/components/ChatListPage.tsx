import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { isAdminLevel, mayChat } from '@p2p/domain';
import { Loading } from '../../../components/Loading.tsx';
import { useUser } from '../../../lib/session.ts';
import { useChats } from '../api/list-chats.ts';
import { ChatList } from './ChatList.tsx';
import { ChatWidgetSettingsEditor } from './ChatWidgetSettingsEditor.tsx';

/** /chat: the user's chats; administrators also set the external chat widget here. */
export function ChatListPage() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const navigate = useNavigate();
  const chats = useChats(i18n.language, mayChat(user));
  if (!user) return null;
  return (
    <div className="page page--narrow" data-testid="chat-list-page">
      <div className="chat-heading">
        <h1>{t('chat.title')}</h1>
        {mayChat(user) && (
          <Button
            type="button"
            icon="pi pi-plus"
            label={t('chat.new')}
            onClick={() => navigate('/chat/create')}
            data-testid="chat-new"
          />
        )}
      </div>
      {!mayChat(user) ? (
        <p className="muted">{t('chat.noChatForSuppliers')}</p>
      ) : chats.isLoading ? (
        <Loading />
      ) : (
        <ChatList chats={chats.data ?? []} />
      )}
      {isAdminLevel(user) && <ChatWidgetSettingsEditor />}
    </div>
  );
}
