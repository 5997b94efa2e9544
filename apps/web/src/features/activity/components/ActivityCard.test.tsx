import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ACTIVITY_KINDS, type ActivityGroup, type ApiErrorBody } from '@p2p/domain';
import { jsonResponse, renderWithProviders, testUser } from '../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { resetSession, startSession } from '../../../lib/session.ts';
import { storage } from '../../../lib/storage.ts';
import { ACTIVITY_STORAGE_KEY, ActivityCard } from './ActivityCard.tsx';

/** What the server answers per kind: groups labelled like the server labels them (English). */
let answers: Record<number, ActivityGroup[]>;
const fetchMock = vi.fn<typeof fetch>();
const requested = () =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname.startsWith('/api/profile/activity/'));
const last = () => requested().at(-1)!;

const order = (n: number) => ({ _id: String(n), name: `PO-${n} - Bolts`, url: `/order/${n}` });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  resetSession(null);
  startSession('tok', testUser());
  storage.remove(ACTIVITY_STORAGE_KEY);
  answers = {};
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname !== '/api/profile/activity/u1')
      return jsonResponse(
        {
          message: 'Recent activity is shown only to its owner.',
          key: 'error.forbidden',
          _status: 403,
          data: { errors: [] },
        } satisfies ApiErrorBody,
        403,
        'Forbidden',
      );
    const k = Number(url.searchParams.get('k'));
    const l = Number(url.searchParams.get('l'));
    const groups = (answers[k] ?? []).map((g) => ({ ...g, items: g.items.slice(0, l) }));
    return jsonResponse(groups);
  });
  vi.stubGlobal('fetch', fetchMock);
});

function renderCard(ui = <ActivityCard />) {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={ui} />
      <Route path="/order/:id" element={<p data-testid="order-page">order page</p>} />
    </Routes>,
  );
}

/** Opens the kind dropdown and answers its options (PrimeReact renders them in an overlay). */
async function openKinds(): Promise<HTMLElement[]> {
  fireEvent.click(within(screen.getByTestId('activity-kind')).getByRole('button'));
  let items: HTMLElement[] = [];
  await waitFor(() => {
    items = [...document.querySelectorAll<HTMLElement>('li[role="option"]')];
    expect(items.length).toBeGreaterThan(0);
  });
  return items;
}

describe('recent activity card', () => {
  it('asks for kind 0 and 5 items by default and shows the empty text', async () => {
    renderCard();
    expect((await screen.findByTestId('activity-empty')).textContent).toBe('No activity to show');
    expect(last().searchParams.get('k')).toBe('0');
    expect(last().searchParams.get('l')).toBe('5');
  });

  it('offers the 12 kinds in order, switches kind and goes to an item', async () => {
    answers[11] = [{ label: 'Recent orders', items: [1, 2, 3].map(order) }];
    renderCard();
    await screen.findByTestId('activity-empty');
    const options = await openKinds();
    expect(options.map((o) => o.getAttribute('aria-label'))).toEqual(ACTIVITY_KINDS.map((k) => k.label.en));
    fireEvent.click(options[11]!);
    await screen.findByTestId('activity-item-1');
    expect(last().searchParams.get('k')).toBe('11');
    expect(screen.getAllByTestId(/^activity-item-/).map((b) => b.textContent)).toEqual([
      'PO-1 - Bolts',
      'PO-2 - Bolts',
      'PO-3 - Bolts',
    ]);
    fireEvent.click(screen.getByTestId('activity-item-2'));
    expect(await screen.findByTestId('order-page')).toBeTruthy();
    // the choice is kept for the next visit
    expect(storage.getJson(ACTIVITY_STORAGE_KEY)).toEqual({ kind: 11, count: 5 });
  });

  it('shows as many items as the Show count says', async () => {
    answers[0] = [{ label: 'Pending requisitions', items: [1, 2, 3, 4, 5, 6, 7].map(order) }];
    renderCard();
    await waitFor(() => expect(screen.getAllByTestId(/^activity-item-/)).toHaveLength(5));
    const input = screen.getByTestId('activity-count');
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.blur(input);
    await waitFor(() => expect(screen.getAllByTestId(/^activity-item-/)).toHaveLength(7));
    expect(last().searchParams.get('l')).toBe('7');
  });

  it('without editing shows the kind it was given, and no controls', async () => {
    answers[5] = [{ label: 'Orders waiting for my approval', items: [order(9)] }];
    renderCard(<ActivityCard editable={false} settings={{ kind: 5, count: 5 }} />);
    expect((await screen.findByTestId('activity-kind-label')).textContent).toBe(
      'Orders waiting for my approval',
    );
    await screen.findByTestId('activity-item-9');
    expect(screen.queryByTestId('activity-kind')).toBeNull();
    expect(screen.queryByTestId('activity-count')).toBeNull();
  });

  it("shows the server's refusal", async () => {
    startSession('tok', testUser({ _id: 'u2' }));
    renderCard();
    expect((await screen.findByTestId('activity-error')).textContent).toBe(
      'Recent activity is shown only to its owner.',
    );
  });

  it('labels the kinds as the domain does, in en and pt', async () => {
    for (const lang of ['en', 'pt'] as const) {
      await i18n.changeLanguage(lang);
      expect(ACTIVITY_KINDS.map((k) => i18n.t(`activity.kinds.${k.key}`))).toEqual(
        ACTIVITY_KINDS.map((k) => k.label[lang]),
      );
    }
  });
});
