import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type {
  ApiErrorBody,
  ChatCreate,
  ChatDetail,
  ChatMessage,
  ChatSummary,
  SearchResponse,
  UserLookup,
} from '@p2p/domain';
import { jsonResponse, renderWithProviders, testUser } from '../../../test/render.tsx';
import { resetSession, startSession } from '../../../lib/session.ts';
import { ChatCard } from './ChatCard.tsx';
import { ChatCreatePage } from './ChatCreatePage.tsx';
import { ChatPage } from './ChatPage.tsx';

/** A server holding chats as the API answers them (participants only, unread counts). */
let chats: ChatDetail[];
let refusal: ApiErrorBody | null;
let created: ChatCreate | null;
const fetchMock = vi.fn<typeof fetch>();
const me = { _id: 'u1', name: 'Bea Buyer' };
const miguel = { _id: 'u2', name: 'Miguel Moreira' };
const order = { model: 'order', _id: '42', key: 'PO-000042', title: 'Order PO-000042', url: '/order/42' };

const message = (id: string, user: typeof me, text: string): ChatMessage => ({
  _id: id,
  user,
  text,
  ts: '2026-03-04T09:05:00.000Z',
});
const summary = (c: ChatDetail): ChatSummary => {
  const { messages, ...rest } = c;
  return { ...rest, lastMessage: messages.at(-1) ?? null };
};
const notFound = () =>
  jsonResponse(
    {
      message: 'Chat not found.',
      key: 'error.not-found',
      _status: 404,
      data: { errors: [] },
    } satisfies ApiErrorBody,
    404,
    'Not Found',
  );

beforeEach(() => {
  resetSession(null);
  startSession('tok', testUser());
  chats = [];
  refusal = null;
  created = null;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    if (url.pathname === '/api/chat' && method === 'GET') return jsonResponse(chats.map(summary));
    if (url.pathname === '/api/chat' && method === 'POST') {
      if (refusal) return jsonResponse(refusal, refusal._status, 'Bad Request');
      created = body as ChatCreate;
      const chat: ChatDetail = {
        _id: 'c9',
        subject: created.subject ?? order.title,
        document: order,
        participants: [me, miguel],
        createdBy: me,
        createdAt: '2026-03-04T09:05:00.000Z',
        lastMessage: null,
        unread: 0,
        messages: [message('m1', me, created.text)],
      };
      chats.push(chat);
      return jsonResponse(chat);
    }
    const one = /^\/api\/chat\/([^/]+)(\/messages)?$/.exec(url.pathname);
    if (one) {
      const chat = chats.find((c) => c._id === one[1]);
      if (!chat) return notFound();
      if (one[2] && method === 'POST') {
        const m = message(`m${chat.messages.length + 1}`, me, (body as { text: string }).text);
        chat.messages.push(m);
        return jsonResponse(m);
      }
      chat.unread = 0;
      return jsonResponse(chat);
    }
    if (url.pathname === '/api/search')
      return jsonResponse({
        items: [
          {
            _id: '42',
            model: 'order',
            key: 'PO-000042',
            subtype: 'P001',
            state: 'created',
            title: 'Bolts',
            snippet: '',
            url: '/order/42',
          },
        ],
        options: { count: null, page: 1, pagesize: 10 },
      } satisfies SearchResponse);
    if (url.pathname === '/api/reference/user') {
      const users: UserLookup[] = [
        { _id: 'u1', key: 'buyer', label: 'Bea Buyer', username: 'buyer', name: 'Bea Buyer', supplier: null },
        {
          _id: 'u2',
          key: 'manager',
          label: 'Miguel Moreira',
          username: 'manager',
          name: 'Miguel Moreira',
          supplier: null,
        },
        {
          _id: 'u7',
          key: 'supplier',
          label: 'Carlos Costa',
          username: 'supplier',
          name: 'Carlos Costa',
          supplier: { _id: 's1' },
        },
      ];
      return jsonResponse({ items: users, options: { count: null, page: 1, pagesize: 10 } });
    }
    return notFound();
  });
  vi.stubGlobal('fetch', fetchMock);
});

const routes = (start: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/chat/create" element={<ChatCreatePage />} />
      <Route
        path="/chat/:id"
        element={<ChatPage avatar={(u) => <span data-testid="avatar">{u.name}</span>} />}
      />
      <Route path="/" element={<ChatCard />} />
    </Routes>,
    { route: start },
  );

/** Types into an AutoComplete and picks the suggestion with that text. */
async function pick(testId: string, typed: string, choice: string) {
  const input = within(screen.getByTestId(testId)).getByRole('combobox');
  fireEvent.change(input, { target: { value: typed } });
  const option = await screen.findByText(
    choice,
    { selector: 'li[role="option"], li[role="option"] *' },
    { timeout: 2000 },
  );
  fireEvent.click(option);
}

describe('starting a chat', () => {
  it('about a chosen document with internal people, then opens it', async () => {
    routes('/chat/create');
    await pick('chat-document', 'Bolts', 'PO-000042 - Bolts');
    await pick('chat-participants', 'M', 'Miguel Moreira');
    expect((screen.getByTestId('chat-create') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('chat-text'), { target: { value: 'Can we speed this up?' } });
    fireEvent.click(screen.getByTestId('chat-create'));
    expect(await screen.findByTestId('chat-page')).toBeTruthy();
    expect(created).toEqual({
      model: 'order',
      documentId: '42',
      participants: ['u2'],
      text: 'Can we speed this up?',
    });
    expect(screen.getByTestId('chat-subject').textContent).toBe('Order PO-000042');
    expect(screen.getAllByTestId('chat-message').map((m) => m.textContent)).toEqual([
      expect.stringContaining('Can we speed this up?'),
    ]);
  });

  it("offers neither the user nor suppliers' users, and shows the server's refusal", async () => {
    refusal = {
      message: 'Miguel Moreira cannot see this document.',
      key: 'chat.participants',
      _status: 400,
      data: { errors: [{ field: 'participants', message: 'Miguel Moreira cannot see this document.' }] },
    };
    routes('/chat/create');
    await pick('chat-document', 'Bolts', 'PO-000042 - Bolts');
    const input = within(screen.getByTestId('chat-participants')).getByRole('combobox');
    fireEvent.change(input, { target: { value: 'a' } });
    await screen.findByText(
      'Miguel Moreira',
      { selector: 'li[role="option"], li[role="option"] *' },
      { timeout: 2000 },
    );
    const offered = [...document.querySelectorAll('li[role="option"]')].map((o) => o.textContent);
    expect(offered).toEqual(['Miguel Moreira']);
    fireEvent.click(
      screen.getByText('Miguel Moreira', { selector: 'li[role="option"], li[role="option"] *' }),
    );
    fireEvent.change(screen.getByTestId('chat-text'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByTestId('chat-create'));
    expect((await screen.findByTestId('chat-create-error')).textContent).toBe(
      'Miguel Moreira cannot see this document.',
    );
  });

  it('is not offered to suppliers', async () => {
    startSession(
      'tok',
      testUser({
        role: { key: 'supplier', name: 'Supplier' },
        roles: [{ key: 'supplier', name: 'Supplier' }],
      }),
    );
    routes('/chat/create');
    expect(await screen.findByText('Suppliers have no chat.')).toBeTruthy();
    expect(screen.queryByTestId('chat-create')).toBeNull();
  });
});

describe('a chat', () => {
  beforeEach(() => {
    chats = [
      {
        _id: 'c1',
        subject: 'Delivery date',
        document: order,
        participants: [me, miguel],
        createdBy: miguel,
        createdAt: '2026-03-04T09:00:00.000Z',
        lastMessage: null,
        unread: 1,
        messages: [message('m1', miguel, 'Line 1\nLine 2')],
      },
    ];
  });

  it('is read with its authors, keeps line breaks, and takes a reply', async () => {
    routes('/chat/c1');
    const [first] = await screen.findAllByTestId('chat-message');
    expect(first!.querySelector('.chat-message__text')!.textContent).toBe('Line 1\nLine 2');
    expect(within(first!).getByTestId('avatar').textContent).toBe('Miguel Moreira');
    expect(screen.getByTestId('chat-document-link').getAttribute('href')).toBe('/order/42');
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('chat-reply'), { target: { value: 'Tomorrow works.' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2));
    expect((screen.getByTestId('chat-reply') as HTMLTextAreaElement).value).toBe('');
  });

  it("another user's chat is not found", async () => {
    routes('/chat/c404');
    expect(await screen.findByText('Chat not found.')).toBeTruthy();
  });

  it('shows on the home card with its unread count', async () => {
    routes('/');
    const item = await screen.findByTestId('chat-item-c1');
    expect(item.textContent).toContain('Delivery date');
    expect(within(item).getByLabelText('1 unread')).toBeTruthy();
    expect(screen.getByTestId('chat-card-new').getAttribute('href')).toBe('/chat/create');
  });
});
