import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HEADERS, MESSAGES, decodeContext, type OrgNode, type UserContext, type UserGroupsResponse } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { resetSession, sessionStore, startSession } from '../../../lib/session.ts';
import { jsonResponse, renderWithProviders, testUser } from '../../../test/render.tsx';
import { GroupDrawer, contextForNode } from './GroupDrawer.tsx';

const organization: OrgNode[] = [
  {
    key: 'C1',
    type: 'company',
    label: 'Acme Portugal',
    group: { _id: 'g-c1' },
    children: [
      { key: 'P1', type: 'plant', label: 'Lisboa Fábrica', group: { _id: 'g-p1' } },
      { key: 'P2', type: 'plant', label: 'Porto Armazém', group: { _id: 'g-p2' } },
    ],
  },
  { key: 'C2', type: 'company', label: 'Acme Spain', group: { _id: 'g-c2' } },
];

const groupsAnswer = (over: Partial<UserGroupsResponse> = {}): UserGroupsResponse => ({
  groups: [
    { _id: 'g1', key: 'G1', name: 'Purchasing Lisbon' },
    { _id: 'g2', key: 'G2', name: 'Purchasing Porto' },
  ],
  organization,
  options: [
    { key: 'all', label: 'All' },
    { key: 'created-by-me', label: 'Created by me' },
  ],
  ...over,
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  startSession('tok', testUser());
});
afterEach(() => resetSession(null));

describe('contextForNode', () => {
  it('uses a company without children as its own plant, else its first child', () => {
    expect(contextForNode(organization[1]!)).toMatchObject({ active: 'organization', plant: 'C2', group: 'g-c2' });
    expect(contextForNode(organization[0]!)).toMatchObject({ active: 'organization', plant: 'P1', group: 'g-p1' });
    expect(contextForNode(organization[0]!.children![1]!)).toMatchObject({ plant: 'P2', group: 'g-p2' });
  });
});

describe('GroupDrawer', () => {
  it('shows the texts and selects plants in the organization tree', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(groupsAnswer()));
    const save = vi.fn(async (_c: UserContext) => undefined);
    const onHide = vi.fn();
    renderWithProviders(<GroupDrawer visible onHide={onHide} user={testUser()} save={save} />);

    expect(await screen.findByText(MESSAGES.keepWorkingIn)).toBeTruthy();
    expect(screen.getByTestId('group-drawer-current').textContent).toBe('Purchasing Lisbon');
    expect(screen.getByText(MESSAGES.selectFromList)).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/profile/user/groups');

    fireEvent.click(await screen.findByText('Acme Spain'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toMatchObject({ active: 'organization', plant: 'C2', group: 'g-c2' });
    await waitFor(() => expect(onHide).toHaveBeenCalled());

    fireEvent.click(screen.getByText('Acme Portugal'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1]![0]).toMatchObject({ plant: 'P1', group: 'g-p1' });
  });

  it('filters the tree ignoring accents and case', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(groupsAnswer()));
    renderWithProviders(<GroupDrawer visible onHide={vi.fn()} user={testUser()} save={vi.fn()} />);
    await screen.findByText('Acme Spain');
    fireEvent.change(screen.getByTestId('org-filter'), { target: { value: 'FABRICA' } });
    expect(await screen.findByText('Lisboa Fábrica')).toBeTruthy();
    expect(screen.queryByText('Acme Spain')).toBeNull();
    fireEvent.change(screen.getByTestId('org-filter'), { target: { value: 'zzz' } });
    expect(screen.getByTestId('org-empty').textContent).toBe('No results');
  });

  it('offers the group list; Created by me clears the group; Clear selection clears everything', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(groupsAnswer({ organization: [] })));
    const save = vi.fn(async (_c: UserContext) => undefined);
    const { unmount } = renderWithProviders(<GroupDrawer visible onHide={vi.fn()} user={testUser()} save={save} />);
    await screen.findByText('Created by me');
    expect(screen.queryByTestId('group-mode-groups')).toBeNull();
    fireEvent.click(screen.getByText('Created by me'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toMatchObject({ group: null, plant: null });

    fireEvent.click(screen.getByText('Purchasing Porto'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1]![0]).toMatchObject({ active: 'group', group: 'g2' });

    fireEvent.click(screen.getByText('Clear selection'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(3));
    expect(save.mock.calls[2]![0]).toEqual({ active: null, group: null, plant: null, location: null, workgroup: null });
    expect(screen.getByText('Close')).toBeTruthy();
    unmount();

    fetchMock.mockResolvedValueOnce(jsonResponse(groupsAnswer()));
    renderWithProviders(<GroupDrawer visible onHide={vi.fn()} user={testUser()} save={save} />);
    await screen.findByText('Acme Spain');
    fireEvent.click(screen.getByTestId('group-mode-groups'));
    expect(await screen.findByText('Purchasing Porto')).toBeTruthy();
    expect(screen.queryByText('Acme Spain')).toBeNull();
  });

  it('saves through POST /profile/user/config and later calls carry the new context', async () => {
    const switched = testUser({ group: { _id: 'g-c2', key: 'C2', name: 'Acme Spain' }, context: { active: 'organization', group: 'g-c2', plant: 'C2' } });
    fetchMock.mockResolvedValueOnce(jsonResponse(groupsAnswer())).mockResolvedValueOnce(jsonResponse({ user: switched })).mockResolvedValue(jsonResponse({}));
    renderWithProviders(<GroupDrawer visible onHide={vi.fn()} user={testUser()} />);
    fireEvent.click(await screen.findByText('Acme Spain'));
    await waitFor(() => expect(sessionStore.get().user?.group?.name).toBe('Acme Spain'));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/profile/user/config');
    expect(JSON.parse(String(init!.body)).context).toMatchObject({ plant: 'C2', group: 'g-c2' });

    await api.get('/anything');
    const headers = fetchMock.mock.calls.at(-1)![1]!.headers as Record<string, string>;
    expect(decodeContext(headers[HEADERS.context])).toMatchObject({ group: 'g-c2', plant: 'C2' });
  });

  it('shows a failed save as a notice', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(groupsAnswer()));
    const save = vi.fn(async () => {
      throw new Error('Group not allowed');
    });
    renderWithProviders(<GroupDrawer visible onHide={vi.fn()} user={testUser()} save={save} />);
    fireEvent.click(await screen.findByText('Acme Spain'));
    expect((await screen.findByTestId('group-error')).textContent).toContain('Group not allowed');
  });
});
