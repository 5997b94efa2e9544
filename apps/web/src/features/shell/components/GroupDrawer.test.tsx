import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import {
  HEADERS,
  MESSAGES,
  decodeContext,
  groupListOptions,
  type OrgNode,
  type SessionUser,
  type UserConfigResponse,
  type UserContext,
  type UserGroupsResponse,
} from '@p2p/domain';
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

const buyerGroups = [
  { _id: 'g1', key: 'G1', name: 'Purchasing Lisbon' },
  { _id: 'g2', key: 'G2', name: 'Purchasing Porto' },
];

/** The answer of GET /profile/user/groups as the server builds it (groupListOptions of the user). */
const groupsAnswer = (
  user: SessionUser = testUser({ groups: buyerGroups }),
  over: Partial<UserGroupsResponse> = {},
  settings: { ltdRequired?: boolean } = {},
): UserGroupsResponse => ({
  groups: user.groups,
  organization,
  options: groupListOptions(user, settings).options,
  ...over,
});

const places = {
  locations: [
    { _id: 'loc-1', key: 'lisboa-wh', name: 'Lisboa warehouse' },
    { _id: 'loc-2', key: 'porto-wh', name: 'Porto warehouse' },
  ],
  workgroups: [{ _id: 'wg-1', key: 'packaging', name: 'Packaging' }],
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  startSession('tok', testUser());
});
afterEach(() => resetSession(null));

const headerContext = (call: Parameters<typeof fetch> | undefined): UserContext =>
  decodeContext((call?.[1]?.headers as Record<string, string> | undefined)?.[HEADERS.context]);

describe('contextForNode', () => {
  it('uses a company without children as its own plant, else its first child', () => {
    expect(contextForNode(organization[1]!)).toMatchObject({
      active: 'organization',
      plant: 'C2',
      group: 'g-c2',
    });
    expect(contextForNode(organization[0]!)).toMatchObject({
      active: 'organization',
      plant: 'P1',
      group: 'g-p1',
    });
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
    expect(save.mock.calls[0]![0]).toEqual({
      active: 'organization',
      plant: 'C2',
      group: 'g-c2',
      location: null,
      workgroup: null,
    });
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
    fetchMock.mockResolvedValueOnce(jsonResponse(groupsAnswer(undefined, { organization: [] })));
    const save = vi.fn(async (_c: UserContext) => undefined);
    const { unmount } = renderWithProviders(
      <GroupDrawer visible onHide={vi.fn()} user={testUser()} save={save} />,
    );
    await screen.findByText('Created by me');
    expect(screen.queryByTestId('group-mode-groups')).toBeNull();
    fireEvent.click(screen.getByText('Created by me'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toEqual({
      active: 'group',
      group: null,
      plant: null,
      location: null,
      workgroup: null,
    });

    fireEvent.click(screen.getByText('Purchasing Porto'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1]![0]).toMatchObject({ active: 'group', group: 'g2' });

    fireEvent.click(screen.getByText('Contracts managed by me'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(3));
    expect(save.mock.calls[2]![0]).toEqual({
      active: 'group',
      group: 'contracts-managed',
      plant: null,
      location: null,
      workgroup: null,
    });

    fireEvent.click(screen.getByText('Clear selection'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(4));
    expect(save.mock.calls[3]![0]).toEqual({
      active: null,
      group: null,
      plant: null,
      location: null,
      workgroup: null,
    });
    expect(screen.getByText('Close')).toBeTruthy();
    unmount();

    fetchMock.mockResolvedValueOnce(jsonResponse(groupsAnswer()));
    renderWithProviders(<GroupDrawer visible onHide={vi.fn()} user={testUser()} save={save} />);
    await screen.findByText('Acme Spain');
    fireEvent.click(screen.getByTestId('group-mode-groups'));
    expect(await screen.findByText('Purchasing Porto')).toBeTruthy();
    expect(screen.queryByText('Acme Spain')).toBeNull();
  });

  it('lists no group entries for a role the ltd rule limits', async () => {
    const ltd = testUser({
      role: { key: 'ltd', name: 'Limited' },
      roles: [{ key: 'ltd', name: 'Limited' }],
      groups: buyerGroups,
    });
    fetchMock.mockResolvedValueOnce(
      jsonResponse(groupsAnswer(ltd, { organization: [] }, { ltdRequired: true })),
    );
    renderWithProviders(<GroupDrawer visible onHide={vi.fn()} user={ltd} save={vi.fn()} />);
    expect(await screen.findByText('Created by me')).toBeTruthy();
    expect(screen.getByText('All groups')).toBeTruthy();
    expect(screen.queryByText('Contracts managed by me')).toBeNull();
    expect(screen.queryByText('Purchasing Porto')).toBeNull();
    expect(screen.queryByTestId('group-entry-G2')).toBeNull();
  });

  it("offers the user's locations and workgroups, each a context of its own", async () => {
    const user = testUser({ ...places, context: { location: 'loc-2' }, group: null });
    fetchMock.mockResolvedValueOnce(jsonResponse(groupsAnswer(user, { organization: [] })));
    const save = vi.fn(async (_c: UserContext) => undefined);
    renderWithProviders(<GroupDrawer visible onHide={vi.fn()} user={user} save={save} />);

    // the current choice names the location and opens its list
    expect(screen.getByTestId('group-drawer-current').textContent).toBe('Porto warehouse');
    expect((await screen.findByTestId('location-entry-porto-wh')).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByText('Lisboa warehouse'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toEqual({
      active: null,
      group: null,
      plant: null,
      location: 'loc-1',
      workgroup: null,
    });

    fireEvent.click(screen.getByTestId('group-mode-workgroups'));
    fireEvent.click(await screen.findByText('Packaging'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1]![0]).toEqual({
      active: null,
      group: null,
      plant: null,
      location: null,
      workgroup: 'wg-1',
    });

    fireEvent.click(screen.getByTestId('group-mode-groups'));
    expect(await screen.findByText('Created by me')).toBeTruthy();
  });

  it('has no location or workgroup tabs for a user without them', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(groupsAnswer()));
    renderWithProviders(
      <GroupDrawer
        visible
        onHide={vi.fn()}
        user={testUser({ locations: [], workgroups: [] })}
        save={vi.fn()}
      />,
    );
    await screen.findByText('Acme Spain');
    expect(screen.getByTestId('group-mode-groups')).toBeTruthy();
    expect(screen.queryByTestId('group-mode-locations')).toBeNull();
    expect(screen.queryByTestId('group-mode-workgroups')).toBeNull();
  });

  it('saves through POST /profile/user/config; every later call, lists included, carries exactly the choice', async () => {
    const listAnswer = { items: [], options: { count: 0, page: 1, pagesize: 30 } };
    fetchMock.mockImplementation(async (input, init) => {
      const path = String(input).split('?')[0];
      if (path === '/api/profile/user/groups') return jsonResponse(groupsAnswer());
      if (path === '/api/profile/user/config') {
        const sent = JSON.parse(String(init!.body)) as { context: UserContext };
        const answer: UserConfigResponse = { user: testUser({ group: null, context: sent.context }) };
        return jsonResponse(answer);
      }
      if (path === '/api/purchasing/order') return jsonResponse(listAnswer);
      return jsonResponse(
        { message: 'Not found', key: 'not-found', _status: 404, data: { errors: [] } },
        404,
        'Not Found',
      );
    });
    function OrderList() {
      const list = useQuery({
        queryKey: ['table', '/purchasing/order', 1],
        queryFn: () => api.get('/purchasing/order', { query: { p: 1, c: 1 } }),
      });
      return <p data-testid="list-status">{list.status}</p>;
    }
    const { queryClient } = renderWithProviders(
      <>
        <OrderList />
        <GroupDrawer visible onHide={vi.fn()} user={testUser()} />
      </>,
    );
    // an answer cached by a page that is not on screen, read in the old context
    queryClient.setQueryData(['documents', 'order', '7'], { _id: '7' });
    await waitFor(() => expect(screen.getByTestId('list-status').textContent).toBe('success'));
    const listCalls = () =>
      fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/purchasing/order'));
    expect(listCalls()).toHaveLength(1);

    fireEvent.click(await screen.findByText('Acme Spain'));
    const chosen: UserContext = {
      active: 'organization',
      group: 'g-c2',
      plant: 'C2',
      location: null,
      workgroup: null,
    };
    await waitFor(() => expect(sessionStore.get().user?.context).toEqual(chosen));
    const configCall = fetchMock.mock.calls.find(([u]) => String(u) === '/api/profile/user/config')!;
    expect(JSON.parse(String(configCall[1]!.body))).toEqual({ context: chosen });

    // the list on screen is fetched again at once, in the new context; the cached page is gone
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(headerContext(listCalls()[1])).toEqual(chosen);
    expect(queryClient.getQueryData(['documents', 'order', '7'])).toBeUndefined();

    // 'Created by me' clears the group in the header of the next call
    fireEvent.click(screen.getByTestId('group-mode-groups'));
    fireEvent.click(await screen.findByText('Created by me'));
    const createdByMe: UserContext = {
      active: 'group',
      group: null,
      plant: null,
      location: null,
      workgroup: null,
    };
    await waitFor(() => expect(listCalls()).toHaveLength(3));
    expect(headerContext(listCalls()[2])).toEqual(createdByMe);
    await api.get('/anything').catch(() => undefined);
    expect(headerContext(fetchMock.mock.calls.at(-1))).toEqual(createdByMe);
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
