import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  NOTE_ATTACHMENT_RULES,
  type ApiErrorBody,
  type DocumentResponse,
  type Note,
  type NotePostLog,
  type OkResponse,
} from '@p2p/domain';
import { resetSession, startSession } from '../../../lib/session.ts';
import { toastStore } from '../../../lib/toasts.ts';
import { i18n } from '../../../lib/i18n.ts';
import { jsonResponse, renderWithProviders, testUser } from '../../../test/render.tsx';
import { MessageBox } from './MessageBox.tsx';

/**
 * The message box against a fetch mock that answers as the server does (types from the contract):
 * GET the notes and the document, POST a note (multipart), GET delete.
 */

const buyer = testUser();
const supplierUser = testUser({
  _id: 'u9',
  username: 'supplier',
  name: 'Carlos Costa',
  role: { key: 'supplier', name: 'Supplier' },
  roles: [{ key: 'supplier', name: 'Supplier' }],
  supplier: { _id: 's1', name: 'Alfa Components Lda' },
});

const note = (over: Partial<Note>): Note => ({
  _id: '1',
  ts: new Date(2026, 2, 4, 9, 5).toISOString(),
  user: { _id: buyer._id, name: buyer.name },
  to: 'requester',
  text: 'A note',
  line: null,
  files: [],
  rejected: false,
  readonly: false,
  ...over,
});

const documentOf = (
  model: string,
  type: string,
  lines: Array<{ pos: number; subpos?: number }>,
): DocumentResponse => ({
  _id: '42',
  key: 'PO-000042',
  model,
  doc: { type },
  _state: {
    current: 'created',
    readonly: false,
    created: { ts: '2026-03-01T10:00:00.000Z', user: { _id: 'u1', name: 'Bea Buyer' } },
  },
  updatedAt: '2026-03-01T10:00:00.000Z',
  _version: 1,
  lines,
  _actions: { actions: [], transitions: [] },
  _permissions: { edit: true, delete: true, duplicate: false },
});

let notes: Note[];
let doc: DocumentResponse;
let refusePost: ApiErrorBody | null;
let failList: boolean;
let nextId: number;
const fetchMock = vi.fn<typeof fetch>();
const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([u, i]) => (i?.method ?? 'GET') === method && new URL(String(u), 'http://x').pathname === path,
  );
const notFound: ApiErrorBody = {
  message: 'Not found.',
  key: 'error.not-found',
  _status: 404,
  data: { errors: [] },
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  resetSession(null);
  startSession('tok', buyer);
  toastStore.set([]);
  notes = [];
  doc = documentOf('order', 'order', [{ pos: 10 }, { pos: 20 }]);
  refusePost = null;
  failList = false;
  nextId = 100;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    if (url.pathname === `/api/communication/notes/${doc.model}/42`)
      return failList ? jsonResponse(notFound, 404, 'Not Found') : jsonResponse(notes satisfies Note[]);
    if (url.pathname === `/api/purchasing/${doc.model}/42`) return jsonResponse(doc);
    if (url.pathname === `/api/communication/messages/${doc.model}/42` && method === 'POST') {
      if (refusePost) return jsonResponse(refusePost, refusePost._status, 'Refused');
      const form = init!.body as FormData;
      const log = JSON.parse(String(form.get('log'))) as NotePostLog;
      const files = [...form.entries()].filter(([k]) => k.startsWith('files[')).map(([, f]) => f as File);
      const stored: Note = note({
        _id: String(nextId++),
        ts: new Date().toISOString(),
        to: log.to,
        text: log.text ?? '',
        line:
          log.line && log.line !== '_all'
            ? { _id: log.line._id, label: `Item ${log.line._id.split('/')[0]}` }
            : null,
        files: files.map((f, i) => ({ _id: `f${i}`, name: f.name, contentType: f.type, size: f.size })),
      });
      notes = [...notes, stored];
      return jsonResponse(stored);
    }
    const removal = /^\/api\/communication\/messages\/delete\/(\d+)$/.exec(url.pathname);
    if (removal && method === 'GET') {
      notes = notes.filter((n) => n._id !== removal[1]);
      return jsonResponse({ ok: true } satisfies OkResponse);
    }
    return jsonResponse(notFound, 404, 'Not Found');
  });
  vi.stubGlobal('fetch', fetchMock);
});

const renderBox = (model = 'order') => renderWithProviders(<MessageBox model={model} id="42" />);
const toasts = () => toastStore.get().map((m) => m.detail);
const textInput = () => screen.getByTestId('note-text-input') as HTMLTextAreaElement;
const submit = () => screen.getByTestId('note-submit') as HTMLButtonElement;
/** The line choice waits for the document's lines. */
const linesLoaded = () =>
  waitFor(() => expect(screen.getByTestId('note-line-choice').getAttribute('data-p-disabled')).toBe('false'));
/** The options of the open overlay (a dropdown also keeps a hidden option with its value). */
const panelOptions = async () => {
  const selector = '.p-dropdown-panel [role=option], .p-multiselect-panel [role=option]';
  await waitFor(() => expect(document.querySelectorAll(selector).length).toBeGreaterThan(0));
  return [...document.querySelectorAll<HTMLElement>(selector)];
};
const choose = (files: File[]) =>
  fireEvent.change(screen.getByTestId('note-file-input'), { target: { files } });

describe('the notes', () => {
  it('show a busy indicator while loading, then each note as the seed describes it', async () => {
    notes = [
      note({
        _id: '1',
        text: 'First line\nsecond line',
        to: 'requester',
        line: { _id: '10/0', label: 'Item 10' },
      }),
      note({
        _id: '2',
        user: { _id: 'u5', name: 'Mario Manager' },
        to: '_all',
        text: 'Price too high',
        rejected: true,
        readonly: true,
        files: [{ _id: 'f1', name: 'offer.pdf', contentType: 'application/pdf', size: 3 }],
      }),
      note({ _id: '3', user: null, to: 'supplier', text: 'To the supplier' }),
    ];
    renderBox();
    expect(screen.getByTestId('notes-loading')).toBeTruthy();
    const items = await screen.findAllByTestId('note');
    expect(screen.queryByTestId('notes-loading')).toBeNull();
    const first = within(items[0]!);
    expect(first.getByTestId('note-ts').textContent).toBe('2026-03-04 09:05');
    expect(first.getByTestId('note-author').textContent).toBe('Bea Buyer');
    expect(first.getByTestId('note-audience').textContent).toBe('Internal');
    expect(first.getByTestId('note-line').textContent).toBe('Item 10');
    expect(first.getByTestId('note-text').textContent).toBe('First line\nsecond line');
    const second = within(items[1]!);
    expect(second.getByTestId('note-audience').textContent).toBe('Everyone');
    expect(second.getByTestId('note-line').textContent).toBe('All document');
    expect(second.getByTestId('note-rejected').textContent).toContain('Rejected by Mario Manager');
    expect(second.getByTestId('note-file').textContent).toContain('offer.pdf');
    const third = within(items[2]!);
    expect(third.getByTestId('note-audience').textContent).toBe('External');
    expect(third.getByTestId('note-author').textContent).toBe('Purchasing');
  });

  it('offers delete on the own notes that are not read-only; deleting asks, then reloads', async () => {
    notes = [
      note({ _id: '1', text: 'mine' }),
      note({ _id: '2', text: 'rejection', readonly: true, rejected: true }),
      note({ _id: '3', text: 'theirs', user: { _id: 'u7', name: 'Other' } }),
    ];
    renderBox();
    const items = await screen.findAllByTestId('note');
    expect(items.map((i) => within(i).queryByTestId('note-delete') !== null)).toEqual([true, false, false]);
    fireEvent.click(within(items[0]!).getByTestId('note-delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getAllByTestId('note')).toHaveLength(2));
    expect(calls('GET', '/api/communication/messages/delete/1')).toHaveLength(1);
  });

  it('hides the box when the notes cannot be loaded, and logs it', async () => {
    failList = true;
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderBox();
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.queryByTestId('message-box')).toBeNull();
    log.mockRestore();
  });
});

describe('the composer', () => {
  it('lets a buyer choose Everyone, Internal or External (Internal by default) and a line', async () => {
    renderBox();
    await screen.findByTestId('notes-empty');
    const to = screen.getByTestId('note-to');
    expect(
      within(to)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Everyone', 'Internal', 'External']);
    expect(within(to).getByRole('button', { pressed: true }).textContent).toBe('Internal');
    await linesLoaded();
    fireEvent.click(screen.getByTestId('note-line-choice'));
    expect((await panelOptions()).map((o) => o.textContent)).toEqual(['All document', 'Item 10', 'Item 20']);
  });

  it('defaults to Everyone on RFx documents and labels contract lines {pos}.{subpos}', async () => {
    doc = documentOf('purchase-rfx', 'purchase-rfx', []);
    const { unmount } = renderBox('purchase-rfx');
    await screen.findByTestId('notes-empty');
    expect(within(screen.getByTestId('note-to')).getByRole('button', { pressed: true }).textContent).toBe(
      'Everyone',
    );
    unmount();
    doc = documentOf('contract', 'contract', [{ pos: 10, subpos: 1 }]);
    renderBox('contract');
    await screen.findByTestId('notes-empty');
    await linesLoaded();
    fireEvent.click(screen.getByTestId('note-line-choice'));
    expect((await panelOptions()).map((o) => o.textContent)).toEqual(['All document', '10.1']);
  });

  it('offers a supplier user External only, and selects it', async () => {
    startSession('tok', supplierUser);
    renderBox();
    await screen.findByTestId('notes-empty');
    const buttons = within(screen.getByTestId('note-to')).getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['External', 'true'],
    ]);
  });

  it('is disabled with neither text nor file, posts multipart, then clears text and files', async () => {
    renderBox();
    await screen.findByTestId('notes-empty');
    await waitFor(() => expect(calls('GET', '/api/purchasing/order/42')).toHaveLength(1));
    expect(submit().disabled).toBe(true);
    fireEvent.change(textInput(), { target: { value: '   ' } });
    expect(submit().disabled).toBe(true);
    fireEvent.change(textInput(), { target: { value: 'Line one\nLine two' } });
    choose([new File(['pdf'], 'quote.pdf', { type: 'application/pdf' })]);
    expect(screen.getByTestId('note-new-files').textContent).toContain('quote.pdf');
    fireEvent.click(within(screen.getByTestId('note-to')).getByText('External'));
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getAllByTestId('note')).toHaveLength(1));
    const form = calls('POST', '/api/communication/messages/order/42')[0]![1]!.body as FormData;
    expect(JSON.parse(String(form.get('log')))).toEqual({
      text: 'Line one\nLine two',
      to: 'supplier',
      assignees: [],
      line: '_all',
    });
    expect((form.get('files[0]') as File).name).toBe('quote.pdf');
    expect(form.get('linkedFiles')).toBeNull();
    expect(textInput().value).toBe('');
    expect(screen.queryByTestId('note-new-files')).toBeNull();
    expect(toasts()).toContain('Note posted.');
  });

  it('names stored files of the document again (linkedFiles)', async () => {
    notes = [
      note({ _id: '1', files: [{ _id: 'f9', name: 'spec.pdf', contentType: 'application/pdf', size: 1 }] }),
    ];
    renderBox();
    await screen.findAllByTestId('note');
    fireEvent.click(screen.getByTestId('note-stored-files'));
    const [option] = await panelOptions();
    expect(option!.textContent).toContain('spec.pdf');
    fireEvent.click(option!);
    expect(submit().disabled).toBe(false);
    fireEvent.click(submit());
    await waitFor(() => expect(calls('POST', '/api/communication/messages/order/42')).toHaveLength(1));
    const form = calls('POST', '/api/communication/messages/order/42')[0]![1]!.body as FormData;
    expect(JSON.parse(String(form.get('linkedFiles')))).toEqual(['f9']);
  });

  it('keeps the form when the server refuses the note, and says why', async () => {
    refusePost = {
      message: 'Suppliers address their notes to External only.',
      key: 'notes.to-forbidden',
      _status: 403,
      data: { errors: [] },
    };
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderBox();
    await screen.findByTestId('notes-empty');
    fireEvent.change(textInput(), { target: { value: 'Keep me' } });
    fireEvent.click(submit());
    await waitFor(() => expect(toasts()).toContain('Suppliers address their notes to External only.'));
    expect(textInput().value).toBe('Keep me');
    expect(submit().disabled).toBe(false);
    log.mockRestore();
  });

  it('refuses attachments by size and extension with the seed messages, de-duplicated, adding none', async () => {
    renderBox();
    await screen.findByTestId('notes-empty');
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 25_000_000 });
    choose([new File(['ok'], 'fine.txt'), new File(['MZ'], 'tool.exe'), new File(['MZ'], 'other.EXE'), big]);
    expect(toasts()).toEqual([
      `The file extension 'exe' is not allowed. Allowed extensions: ${NOTE_ATTACHMENT_RULES.extensions}. ` +
        'File size of 25,000,000 bytes exceeds the limit of 20,000,000 bytes allowed.',
    ]);
    expect(toastStore.get()[0]!.severity).toBe('error');
    expect(screen.queryByTestId('note-new-files')).toBeNull();
    expect(submit().disabled).toBe(true);
  });

  it('speaks Portuguese', async () => {
    await i18n.changeLanguage('pt');
    notes = [note({ _id: '1', rejected: true, readonly: true, line: { _id: '10/0', label: 'Item 10' } })];
    renderBox();
    const item = await screen.findByTestId('note');
    expect(within(item).getByTestId('note-audience').textContent).toBe('Interna');
    expect(within(item).getByTestId('note-rejected').textContent).toContain('Rejeitado por Bea Buyer');
    expect(submit().textContent).toContain('Publicar nota');
    await i18n.changeLanguage('en');
  });
});
