import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { groupListOptions, MESSAGES, type UserGroupsResponse } from '@p2p/domain';
import { OfflineNotice } from '../components/OfflineNotice.tsx';
import { Header } from '../features/shell/index.ts';
import { api, ApiError } from '../lib/api-client.ts';
import { networkDownStore, offlineStore } from '../lib/offline.ts';
import { jsonResponse, renderWithProviders, testConfig, testUser } from '../test/render.tsx';

const user = testUser();
const groups: UserGroupsResponse = {
  groups: user.groups,
  organization: [],
  options: groupListOptions(user, {}).options,
};
let networkUp = true;

beforeEach(() => {
  networkUp = true;
  networkDownStore.set(false);
  offlineStore.set(false);
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => {
      if (!networkUp) throw new TypeError('Failed to fetch');
      return jsonResponse(groups);
    }),
  );
});
afterEach(() => networkDownStore.set(false));

const renderView = () =>
  renderWithProviders(
    <>
      <OfflineNotice />
      <Header user={user} config={testConfig()} onOpenHelp={() => undefined} />
    </>,
  );

describe('a network drop', () => {
  it('shows the network text on the view and hides the group and reload buttons until an answer comes', async () => {
    renderView();
    expect(await screen.findByTestId('group-button')).toBeTruthy();
    expect(screen.getByTestId('reload-button')).toBeTruthy();
    expect(screen.queryByTestId('network-notice')).toBeNull();

    networkUp = false;
    await act(async () => {
      await expect(api.get('/profile/user/groups')).rejects.toBeInstanceOf(ApiError);
    });
    expect(screen.getByTestId('network-notice').textContent).toBe(MESSAGES.network);
    expect(MESSAGES.network).toBe('Network connection problems, please try again later.');
    expect(screen.queryByTestId('group-button')).toBeNull();
    expect(screen.queryByTestId('reload-button')).toBeNull();

    networkUp = true;
    await act(async () => {
      await api.get('/profile/user/groups');
    });
    expect(screen.queryByTestId('network-notice')).toBeNull();
    expect(screen.getByTestId('reload-button')).toBeTruthy();
  });

  it("follows the browser's offline and online events", async () => {
    renderView();
    await screen.findByTestId('group-button');
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByTestId('network-notice').textContent).toBe(MESSAGES.network);
    expect(screen.queryByTestId('group-button')).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('network-notice')).toBeNull();
  });
});
