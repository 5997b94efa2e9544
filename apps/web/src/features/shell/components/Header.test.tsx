import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { groupListOptions, type UserGroupsResponse } from '@p2p/domain';
import { jsonResponse, renderWithProviders, testConfig, testUser } from '../../../test/render.tsx';
import { Header } from './Header.tsx';

const user = testUser();
const groupsAnswer: UserGroupsResponse = {
  groups: user.groups,
  organization: [],
  options: groupListOptions(user, {}).options,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => jsonResponse(groupsAnswer)),
  );
});

/** A link elsewhere on the page: it navigates without a press on the header's menu. */
function Elsewhere() {
  const navigate = useNavigate();
  return (
    <button type="button" data-testid="elsewhere" onClick={() => void navigate('/account')}>
      elsewhere
    </button>
  );
}

const renderHeader = (props: { sidebarOpen?: boolean; onToggleSidebar?: () => void; unread?: number } = {}) =>
  renderWithProviders(
    <>
      <Header user={user} config={testConfig()} onOpenHelp={() => undefined} {...props} />
      <Elsewhere />
    </>,
  );

const menuButton = () => screen.getByTestId('header-menu-button');
const isOpen = () => screen.getByTestId('header-tools').classList.contains('app-header__tools--open');

describe('Header tools menu (phones)', () => {
  it('shows the unread count on its button, since the bell is inside the menu', () => {
    renderHeader({ unread: 3 });
    expect(screen.getByTestId('header-menu-unread').textContent).toBe('3');
    expect(menuButton().getAttribute('aria-label')).toBe('Account and tools, 3 unread notifications');
  });

  it('shows no count when nothing is unread', () => {
    renderHeader({ unread: 0 });
    expect(screen.queryByTestId('header-menu-unread')).toBeNull();
  });

  it('opens and closes from its button, and Escape closes it with the focus back on the button', () => {
    renderHeader();
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(menuButton().getAttribute('aria-controls')).toBe('app-header-tools');
    expect(menuButton().getAttribute('aria-label')).toBe('Account and tools');
    expect(isOpen()).toBe(false);

    fireEvent.click(menuButton());
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    expect(isOpen()).toBe(true);
    // the group, the user and sign-out live in the menu
    const tools = screen.getByTestId('header-tools');
    for (const id of ['group-button', 'user-menu', 'signout', 'help-button', 'reload-button'])
      expect(tools.querySelector(`[data-testid="${id}"]`)).not.toBeNull();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(menuButton());

    fireEvent.click(menuButton());
    fireEvent.click(menuButton());
    expect(isOpen()).toBe(false);
  });

  it('closes once one of its tools is used (the group drawer opens) and on a press outside', async () => {
    renderHeader();
    fireEvent.click(menuButton());
    fireEvent.click(screen.getByTestId('group-button'));
    expect(isOpen()).toBe(false);
    expect(await screen.findByTestId('group-drawer')).toBeTruthy();

    fireEvent.click(menuButton());
    fireEvent.pointerDown(screen.getByTestId('header-tools'));
    expect(isOpen()).toBe(true);
    fireEvent.pointerDown(document.body);
    expect(isOpen()).toBe(false);
  });

  it('stays open on a press that uses no tool, and closes on navigation', () => {
    renderHeader();
    fireEvent.click(menuButton());
    fireEvent.click(screen.getByTestId('header-user-name').parentElement!);
    expect(isOpen()).toBe(true);
    fireEvent.click(screen.getByTestId('elsewhere'));
    expect(isOpen()).toBe(false);
  });

  it('reports the sidebar state on its toggle', () => {
    const onToggleSidebar = vi.fn();
    renderHeader({ sidebarOpen: false, onToggleSidebar });
    const toggle = screen.getByTestId('sidebar-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBeNull();
    fireEvent.click(toggle);
    expect(onToggleSidebar).toHaveBeenCalledTimes(1);
  });

  it('keeps the sign-out name when its label is hidden on tablets', () => {
    renderHeader();
    expect(screen.getByTestId('signout').getAttribute('aria-label')).toBe('Sign out');
    expect(screen.getByTestId('signout').textContent).toContain('Sign out');
  });
});
