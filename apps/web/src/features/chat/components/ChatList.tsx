import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router';
import { Badge } from 'primereact/badge';
import type { ChatSummary } from '@p2p/domain';
import { when } from '../time.ts';
import './chat.css';

/** Chats as links: subject, document, last message and the unread count. */
export function ChatList({ chats }: { chats: ReadonlyArray<ChatSummary> }) {
  const { t } = useTranslation();
  if (!chats.length)
    return (
      <p className="muted" data-testid="chat-empty">
        {t('chat.empty')}
      </p>
    );
  return (
    <ul className="chat-list">
      {chats.map((c) => (
        <li key={c._id}>
          <Link
            to={`/chat/${encodeURIComponent(c._id)}`}
            className="chat-list__item"
            data-testid={`chat-item-${c._id}`}
          >
            <span className="chat-list__subject">
              {c.subject}
              {c.unread > 0 && (
                <Badge
                  value={c.unread}
                  severity="danger"
                  aria-label={t('chat.unread', { count: c.unread })}
                />
              )}
            </span>
            <span className="muted chat-list__document">{c.document.title}</span>
            {c.lastMessage && (
              <span className="chat-list__last">
                <strong>{c.lastMessage.user.name}:</strong> {c.lastMessage.text}{' '}
                <time className="muted" dateTime={c.lastMessage.ts}>
                  {when(c.lastMessage.ts)}
                </time>
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
