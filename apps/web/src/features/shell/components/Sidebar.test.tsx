import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { NavItem } from '@p2p/domain';
import { renderWithProviders } from '../../../test/render.tsx';
import { Sidebar } from './Sidebar.tsx';

const items: NavItem[] = [
  { label: 'Home', icon: 'pi pi-home', to: '/' },
  {
    label: 'Purchasing',
    children: [
      { label: 'Requisitions', to: '/requisitions' },
      { label: 'Orders', to: '/orders' },
    ],
  },
  {
    label: 'Sourcing',
    children: [
      { label: 'RFx', to: '/rfx' },
      { label: 'Archive', next: [{ label: 'Closed RFx', to: '/rfx?state=closed' }] },
    ],
  },
  {
    label: 'Reports',
    next: [
      { label: 'Spend', to: '/reports/spend' },
      { label: 'Suppliers', to: '/reports/suppliers' },
    ],
  },
];

describe('Sidebar', () => {
  it('expands one group at a time and remembers it', () => {
    const { unmount } = renderWithProviders(<Sidebar items={items} />);
    expect(screen.getByTestId('sidebar')).toBeTruthy();
    expect(screen.queryByText('Requisitions')).toBeNull();

    fireEvent.click(screen.getByText('Purchasing'));
    expect(screen.getByText('Requisitions')).toBeTruthy();
    fireEvent.click(screen.getByText('Sourcing'));
    expect(screen.getByText('RFx')).toBeTruthy();
    expect(screen.queryByText('Requisitions')).toBeNull();

    fireEvent.click(screen.getByText('RFx'));
    expect(localStorage.getItem('p2p.sidebar.current')).toBe('Sourcing//rfx');
    unmount();
    // on a page without an entry of its own (the account page) the remembered entry is current
    renderWithProviders(<Sidebar items={items} />, { route: '/account' });
    expect(screen.getByText('RFx')).toBeTruthy();
    expect(screen.getByText('RFx').closest('a')!.className).toContain('nav-item--current');

    fireEvent.click(screen.getByText('Sourcing'));
    expect(screen.queryByText('RFx')).toBeNull();
  });

  it("marks the page's own entry on a direct load, not the last one clicked, and opens its group", () => {
    localStorage.setItem('p2p.sidebar.current', 'Sourcing//rfx');
    renderWithProviders(<Sidebar items={items} />, { route: '/orders/42' });
    expect(screen.getByText('Orders').closest('a')!.className).toContain('nav-item--current');
    expect(document.querySelectorAll('.nav-item--current')).toHaveLength(1);
  });

  it('opens the sub-level holding the page on a direct load', () => {
    renderWithProviders(<Sidebar items={items} />, { route: '/reports/spend' });
    expect(screen.getByText('Spend').closest('a')!.className).toContain('nav-item--current');
    expect(screen.getByTestId('sidebar-back')).toBeTruthy();
  });

  it("opens a 'next' sub-level with a Back entry", () => {
    renderWithProviders(<Sidebar items={items} />);
    fireEvent.click(screen.getByText('Reports'));
    expect(screen.getByText('Spend')).toBeTruthy();
    expect(screen.queryByText('Purchasing')).toBeNull();
    const back = screen.getByTestId('sidebar-back');
    expect(back.textContent).toBe('Back');
    fireEvent.click(back);
    expect(screen.getByText('Purchasing')).toBeTruthy();
    expect(screen.queryByText('Spend')).toBeNull();
  });

  it("opens a 'next' sub-level from inside an expanded group", () => {
    renderWithProviders(<Sidebar items={items} />);
    fireEvent.click(screen.getByText('Sourcing'));
    fireEvent.click(screen.getByText('Archive'));
    expect(screen.getByText('Closed RFx')).toBeTruthy();
    expect(screen.getByTestId('sidebar-back')).toBeTruthy();
    expect(screen.queryByText('Purchasing')).toBeNull();
  });

  it('has no close button as a column (desktop)', () => {
    renderWithProviders(<Sidebar items={items} />);
    expect(screen.queryByTestId('sidebar-close')).toBeNull();
    expect(screen.getByTestId('sidebar').className).toBe('app-sidebar');
  });

  it('as an overlay (phones) takes the focus on its close button, and closes on it, on Escape and on navigation', () => {
    const onClose = vi.fn();
    const onNavigate = vi.fn();
    renderWithProviders(<Sidebar items={items} onClose={onClose} onNavigate={onNavigate} />);
    expect(screen.getByTestId('sidebar').className).toContain('app-sidebar--overlay');
    const close = screen.getByTestId('sidebar-close');
    expect(close.getAttribute('aria-label')).toBe('Close navigation');
    expect(document.activeElement).toBe(close);

    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByText('Purchasing'));
    expect(onNavigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Orders'));
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });
});
