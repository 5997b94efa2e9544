import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useParams } from 'react-router';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { CHAT_TEXT_MAX, type NamedRef } from '@p2p/domain';
import { Loading } from '../../../components/Loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUser } from '../../../lib/session.ts';
import { useChat } from '../api/get-chat.ts';
import { usePostChatMessage } from '../api/post-chat-message.ts';
import { when } from '../time.ts';
import './chat.css';

export interface ChatPageProps {
  /** how a person is shown (the route module hands in the profile's photo); absent: no picture */
  avatar?: (user: NamedRef) => ReactNode;
}

/** /chat/{id}: the messages of a chat, oldest first, and a composer (participants only). */
export function ChatPage({ avatar }: ChatPageProps) {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const user = useUser();
  const chat = useChat(id, i18n.language);
  const post = usePostChatMessage(id);
  const [text, setText] = useState('');

  if (chat.isLoading) return <Loading />;
  if (chat.isError || !chat.data) {
    const missing = chat.error instanceof ApiError && chat.error.status === 404;
    return (
      <div className="page page--narrow" data-testid="chat-page">
        <Message severity="warn" text={missing ? t('chat.notFound') : (chat.error?.message ?? '')} />
      </div>
    );
  }
  const c = chat.data;
  const send = (e?: FormEvent) => {
    e?.preventDefault();
    const value = text.trim();
    if (!value || post.isPending) return;
    post.mutate(value, { onSuccess: () => setText('') });
  };

  return (
    <div className="page page--narrow chat" data-testid="chat-page">
      <h1 data-testid="chat-subject">{c.subject}</h1>
      <p className="chat__about">
        <Link to={c.document.url} data-testid="chat-document-link">
          <i className="pi pi-file" aria-hidden="true" /> {c.document.title}
        </Link>
      </p>
      <p className="muted chat__people" data-testid="chat-participants">
        {t('chat.participants')}: {c.participants.map((p) => p.name).join(', ')}
      </p>
      <ol className="chat__messages" data-testid="chat-messages">
        {c.messages.map((m) => (
          <li
            key={m._id}
            className={`chat-message${m.user._id === user?._id ? ' chat-message--mine' : ''}`}
            data-testid="chat-message"
          >
            {avatar?.(m.user)}
            <div className="chat-message__body">
              <div className="chat-message__head">
                <strong>{m.user.name}</strong> <time dateTime={m.ts}>{when(m.ts)}</time>
              </div>
              <p className="chat-message__text">{m.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <form className="chat__composer" onSubmit={send}>
        <label htmlFor="chat-reply" className="p-hidden-accessible">
          {t('chat.message')}
        </label>
        <InputTextarea
          id="chat-reply"
          value={text}
          rows={3}
          maxLength={CHAT_TEXT_MAX}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();
          }}
          data-testid="chat-reply"
        />
        {post.isError && <Message severity="error" text={post.error.message} />}
        <Button
          type="submit"
          icon="pi pi-send"
          label={t('chat.send')}
          disabled={!text.trim() || post.isPending}
          loading={post.isPending}
          data-testid="chat-send"
        />
      </form>
    </div>
  );
}
