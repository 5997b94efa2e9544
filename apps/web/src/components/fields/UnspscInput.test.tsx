import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UnspscCode } from '@p2p/domain';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { UnspscCodeDisplay, UnspscInput } from './UnspscInput.tsx';

/** The shipped sample as GET /unspsc answers it (erp-unspsc.test.ts on the server). */
const CODES: UnspscCode[] = [
  { code: '43000000', title: 'Information Technology', level: 1, parent: null },
  { code: '78000000', title: 'Transportation and Storage and Mail Services', level: 1, parent: null },
  { code: '78100000', title: 'Mail and cargo transport', level: 2, parent: '78000000' },
  { code: '78101800', title: 'Road cargo transport', level: 3, parent: '78100000' },
];

/** GET /unspsc (segments, ?parent, ?q) and /unspsc/material-group: 78... maps to no group. */
function stubServer() {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname.endsWith('/unspsc/material-group')) {
      const code = url.searchParams.get('code')!;
      return jsonResponse({ code, materialGroup: code.startsWith('43') ? 'IT-HARDWARE' : null });
    }
    const parent = url.searchParams.get('parent');
    const q = url.searchParams.get('q')?.toLowerCase();
    const items = q
      ? CODES.filter((c) => c.code.startsWith(q) || c.title.toLowerCase().includes(q))
      : CODES.filter((c) => c.parent === (parent ?? null));
    return jsonResponse({ items });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Harness({ initial = '' }: { initial?: string }) {
  const [code, setCode] = useState<string | null>(initial);
  return (
    <>
      <UnspscInput id="line-0-unspsc" value={code} onChange={setCode} />
      <output data-testid="value">{code ?? ''}</output>
    </>
  );
}

describe('UNSPSC picker', () => {
  it('walks segment, family and class, and marks a code outside the integration', async () => {
    stubServer();
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByTestId('line-0-unspsc-pick'));
    await screen.findByTestId('tree-node-78000000');
    fireEvent.click(screen.getByTestId('tree-toggle-78000000'));
    fireEvent.click(await screen.findByTestId('tree-toggle-78100000'));
    fireEvent.click(await screen.findByText('78101800 Road cargo transport'));
    expect(screen.getByTestId('value').textContent).toBe('78101800');
    const icon = await screen.findByTitle('UNSPSC Code outside the scope of integration');
    expect(icon.dataset.status).toBe('unspsc-fail');
  });

  it('finds codes by words; a mapped code shows no icon', async () => {
    const fetchMock = stubServer();
    renderWithProviders(<Harness initial="43211503" />);
    await waitFor(() => expect(String(fetchMock.mock.calls[0]?.[0])).toContain('material-group'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTitle('UNSPSC Code outside the scope of integration')).toBeNull();
    fireEvent.click(screen.getByTestId('line-0-unspsc-pick'));
    fireEvent.change(screen.getByTestId('unspsc-search'), { target: { value: 'road' } });
    fireEvent.click(await screen.findByText('78101800 Road cargo transport'));
    expect(screen.getByTestId('value').textContent).toBe('78101800');
  });

  it('the read-only cell shows the code and the unspsc-fail icon only when out of scope', async () => {
    const fetchMock = stubServer();
    renderWithProviders(
      <>
        <UnspscCodeDisplay value="43211503" testId="mapped" />
        <UnspscCodeDisplay value="78101800" testId="unmapped" />
      </>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await screen.findByTitle('UNSPSC Code outside the scope of integration');
    expect(screen.getByTestId('unmapped').querySelector('[data-status="unspsc-fail"]')).not.toBeNull();
    expect(screen.getByTestId('mapped').querySelector('[data-status="unspsc-fail"]')).toBeNull();
  });
});
