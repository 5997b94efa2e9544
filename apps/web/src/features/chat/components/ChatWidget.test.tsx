import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ApiErrorBody, ChatWidgetSettings } from '@p2p/domain';
import { jsonResponse, renderWithProviders, testConfig, testUser } from '../../../test/render.tsx';
import { resetSession, startSession } from '../../../lib/session.ts';
import { toastStore } from '../../../lib/toasts.ts';
import { ChatWidget, WIDGET_SCRIPT_ID } from './ChatWidget.tsx';
import { ChatWidgetSettingsEditor } from './ChatWidgetSettingsEditor.tsx';

/** The domain's widget settings as GET /chat/widget answers them, and what PUT received. */
let settings: ChatWidgetSettings;
let saved: ChatWidgetSettings | null;
const fetchMock = vi.fn<typeof fetch>();
const ENABLED: ChatWidgetSettings = {
  enabled: true,
  token: 'site-token',
  host: 'https://wchat.example.com',
  widget: 'https://wchat.example.com/js/widget.js',
};
const widgetCalls = () =>
  fetchMock.mock.calls.filter(([u]) => new URL(String(u), 'http://x').pathname === '/api/chat/widget');

beforeEach(() => {
  resetSession(null);
  startSession(
    'tok',
    testUser({ name: 'Maria da Graça Ribeiro', username: 'maria', email: 'maria@acme.test' }),
  );
  toastStore.set([]);
  document.getElementById(WIDGET_SCRIPT_ID)?.remove();
  settings = { enabled: false };
  saved = null;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as ChatWidgetSettings;
      if (body.enabled && !body.token) {
        const refusal: ApiErrorBody = {
          message: 'token is required when the widget is enabled.',
          key: 'chat.widget-invalid',
          _status: 400,
          data: { errors: [{ field: 'token', message: 'token is required when the widget is enabled.' }] },
        };
        return jsonResponse(refusal, 400, 'Bad Request');
      }
      saved = body;
      settings = body;
      return jsonResponse(body);
    }
    return jsonResponse(settings);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  delete window.fcWidget;
});

const flagOn = testConfig({ flags: { ...testConfig().flags, chat: true } });
const script = () => document.getElementById(WIDGET_SCRIPT_ID) as HTMLScriptElement | null;

describe('the external chat widget', () => {
  it('loads its script and starts with the token, the host and the name split at the first space', async () => {
    settings = ENABLED;
    const init = vi.fn();
    renderWithProviders(<ChatWidget />, { config: flagOn });
    await waitFor(() => expect(script()?.getAttribute('src')).toBe(ENABLED.widget));
    window.fcWidget = { init };
    fireEvent.load(script()!);
    expect(init).toHaveBeenCalledWith({
      token: 'site-token',
      host: 'https://wchat.example.com',
      externalId: 'maria',
      firstName: 'Maria',
      lastName: 'da Graça Ribeiro',
      email: 'maria@acme.test',
    });
  });

  it('is not embedded when its settings disable it, when the UI flag chat is off, or for suppliers', async () => {
    renderWithProviders(<ChatWidget />, { config: flagOn });
    await waitFor(() => expect(widgetCalls()).toHaveLength(1));
    expect(script()).toBeNull();

    settings = ENABLED;
    fetchMock.mockClear();
    renderWithProviders(<ChatWidget />);
    await new Promise((r) => setTimeout(r, 50));
    expect(widgetCalls()).toHaveLength(0);
    expect(script()).toBeNull();

    startSession(
      'tok',
      testUser({
        role: { key: 'supplier', name: 'Supplier' },
        roles: [{ key: 'supplier', name: 'Supplier' }],
      }),
    );
    renderWithProviders(<ChatWidget />, { config: flagOn });
    await new Promise((r) => setTimeout(r, 50));
    expect(widgetCalls()).toHaveLength(0);
    expect(script()).toBeNull();
  });
});

describe('the widget settings', () => {
  it('are saved by an administrator, with the refusal shown on its field', async () => {
    startSession(
      'tok',
      testUser({ role: { key: 'admin', name: 'Admin' }, roles: [{ key: 'admin', name: 'Admin' }] }),
    );
    renderWithProviders(<ChatWidgetSettingsEditor />, { config: flagOn });
    await waitFor(() =>
      expect((screen.getByTestId('chat-widget-save') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(screen.getByTestId('chat-widget-save'));
    expect((await screen.findByTestId('chat-widget-error')).textContent).toBe(
      'token is required when the widget is enabled.',
    );
    expect(screen.getAllByText('token is required when the widget is enabled.')).toHaveLength(2);

    fireEvent.change(screen.getByTestId('chat-widget-token'), { target: { value: ENABLED.token } });
    fireEvent.change(screen.getByTestId('chat-widget-host'), { target: { value: ENABLED.host } });
    fireEvent.change(screen.getByTestId('chat-widget-widget'), { target: { value: ENABLED.widget } });
    fireEvent.click(screen.getByTestId('chat-widget-save'));
    await waitFor(() => expect(saved).toEqual(ENABLED));
    await waitFor(() =>
      expect(toastStore.get().map((m) => m.detail)).toContain('The chat widget settings were saved.'),
    );
  });
});
