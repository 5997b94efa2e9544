import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MESSAGES, type HelpDoc } from '@p2p/domain';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { HelpPanel } from './HelpPanel.tsx';

const doc: HelpDoc = {
  doc: 'home',
  topic: 'Home page',
  title: 'P2P online help',
  manualUrl: '/help/manual',
  links: [{ label: 'Groups', url: '/help/group' }],
  content: '<p>Welcome to <b>P2P</b>.</p>',
};

describe('HelpPanel', () => {
  it('shows the title, topic, User Manual link, secondary links and content from the server', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(doc));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<HelpPanel doc="home" onHide={vi.fn()} />);
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/config/help/en/home');
    expect(screen.getByText(MESSAGES.helpTitle)).toBeTruthy();
    expect(screen.getByTestId('help-manual').getAttribute('href')).toBe('/help/manual');
    expect(screen.getByTestId('help-manual').textContent).toContain('User Manual');
    expect(screen.getByText('Groups').getAttribute('href')).toBe('/help/group');
    expect(screen.getByText('P2P').tagName).toBe('B');
  });

  it('says when there is no help for a topic (404)', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(
          jsonResponse(
            { message: 'Help document not found.', key: 'nf', _status: 404, data: { errors: [] } },
            404,
            'Not Found',
          ),
        ),
    );
    renderWithProviders(<HelpPanel doc="nope" onHide={vi.fn()} />);
    expect((await screen.findByTestId('help-error')).textContent).toBe(
      'There is no help for this topic yet.',
    );
  });

  it('the manual (also the answer for a screen without help) links itself once, in Portuguese', async () => {
    const manual: HelpDoc = {
      doc: 'manual',
      topic: 'Manual do utilizador',
      title: 'Ajuda online P2P',
      manualUrl: '/help/manual',
      links: [{ label: 'Página inicial', url: '/help/home' }],
      content: '<p><a href="/help/order">Encomendas</a></p>',
    };
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(manual));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<HelpPanel doc="dashboard" onHide={vi.fn()} />);
    expect(await screen.findByTestId('help-topic')).toBeTruthy();
    expect(screen.getByTestId('help-topic').textContent).toBe('Manual do utilizador');
    expect(screen.queryByTestId('help-manual')).toBeNull();
    expect(screen.getAllByRole('link').filter((a) => a.getAttribute('href') === '/help/manual')).toHaveLength(
      0,
    );
  });
});
