import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { CHAT_SUBJECT_MAX, CHAT_TEXT_MAX, mayChat, type UserLookup } from '@p2p/domain';
import { useUser } from '../../../lib/session.ts';
import { useCreateChat } from '../api/create-chat.ts';
import { findDocuments } from '../api/find-documents.ts';
import { findUsers } from '../api/find-users.ts';
import { useChatDocument } from '../api/get-document.ts';
import './chat.css';

interface ChosenDocument {
  model: string;
  _id: string;
  label: string;
}

const labelOf = (key: string | null | undefined, text: string | null | undefined, id: string) =>
  [key, text].filter(Boolean).join(' - ') || `#${id}`;

/** Suggestions of one look-up; only the answer to the latest text counts. */
function useLookup<T>(find: (q: string) => Promise<T[]>) {
  const [items, setItems] = useState<T[]>([]);
  const latest = useRef(0);
  const search = async (q: string) => {
    const asked = ++latest.current;
    const found = await find(q).catch(() => []);
    if (asked === latest.current) setItems(found);
  };
  return { items, search };
}

/**
 * /chat/create (seed 000 section 2): a chat about one document with the chosen people and a first
 * message. `?model=&id=` starts it about that document. Suppliers have no chat.
 */
export function ChatCreatePage() {
  const { t } = useTranslation();
  const ids = useId();
  const user = useUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const preset = useChatDocument(params.get('model'), params.get('id'));
  const create = useCreateChat();
  const [doc, setDoc] = useState<ChosenDocument | string | null>(null);
  const [people, setPeople] = useState<UserLookup[]>([]);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const documents = useLookup(async (q) =>
    (await findDocuments(q)).map((d) => ({
      model: d.model,
      _id: d._id,
      label: labelOf(d.key, d.title, d._id),
    })),
  );
  const users = useLookup((q) => findUsers(q, user?._id ?? ''));

  useEffect(() => {
    const d = preset.data;
    if (d)
      setDoc({
        model: params.get('model')!,
        _id: d._id,
        label: labelOf(d.key, d.description as string, d._id),
      });
  }, [preset.data, params]);

  if (!user) return null;
  if (!mayChat(user))
    return (
      <div className="page page--narrow" data-testid="chat-create-page">
        <h1>{t('chat.new')}</h1>
        <Message severity="info" text={t('chat.noChatForSuppliers')} />
      </div>
    );

  const chosen = doc && typeof doc === 'object' ? doc : null;
  const ready = Boolean(chosen && people.length && text.trim()) && !create.isPending;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen || !ready) return;
    create.mutate(
      {
        model: chosen.model,
        documentId: chosen._id,
        participants: people.map((p) => p._id),
        text: text.trim(),
        ...(subject.trim() ? { subject: subject.trim() } : {}),
      },
      { onSuccess: (chat) => navigate(`/chat/${encodeURIComponent(chat._id)}`) },
    );
  };

  return (
    <form className="page page--narrow chat-form" onSubmit={submit} data-testid="chat-create-page">
      <h1>{t('chat.new')}</h1>
      <label htmlFor={`${ids}-doc`}>{t('chat.document')}</label>
      <AutoComplete
        inputId={`${ids}-doc`}
        value={doc ?? ''}
        suggestions={documents.items}
        field="label"
        placeholder={t('chat.documentPlaceholder')}
        completeMethod={(e) => void documents.search(e.query)}
        itemTemplate={(d: ChosenDocument) => (
          <span>
            {d.label}{' '}
            <small className="muted">{t(`documents.singular.${d.model}`, { defaultValue: d.model })}</small>
          </span>
        )}
        onChange={(e) => setDoc((e.value as ChosenDocument | string | null) || null)}
        data-testid="chat-document"
      />
      <label htmlFor={`${ids}-people`}>{t('chat.participants')}</label>
      <AutoComplete
        inputId={`${ids}-people`}
        multiple
        value={people}
        suggestions={users.items}
        field="name"
        placeholder={people.length ? '' : t('chat.participantsPlaceholder')}
        completeMethod={(e) => void users.search(e.query)}
        onChange={(e) =>
          setPeople(((e.value as UserLookup[] | null) ?? []).filter((p) => typeof p === 'object'))
        }
        data-testid="chat-participants"
      />
      <label htmlFor={`${ids}-subject`}>{t('chat.subject')}</label>
      <InputText
        id={`${ids}-subject`}
        value={subject}
        maxLength={CHAT_SUBJECT_MAX}
        placeholder={t('chat.subjectHint')}
        onChange={(e) => setSubject(e.target.value)}
        data-testid="chat-subject"
      />
      <label htmlFor={`${ids}-text`}>{t('chat.message')}</label>
      <InputTextarea
        id={`${ids}-text`}
        value={text}
        rows={4}
        maxLength={CHAT_TEXT_MAX}
        onChange={(e) => setText(e.target.value)}
        data-testid="chat-text"
      />
      {create.isError && (
        <Message severity="error" text={create.error.message} data-testid="chat-create-error" />
      )}
      <div className="chat-form__actions">
        <Button
          type="submit"
          icon="pi pi-send"
          label={t('chat.create')}
          disabled={!ready}
          loading={create.isPending}
          data-testid="chat-create"
        />
      </div>
    </form>
  );
}
