import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { served } from '../test/served.ts';
import { buyer, orderConfig, storedOrder } from '../test/order-fixtures.ts';
import { useAfterPaint } from './use-after-paint.ts';
import { useDocumentDraft, type DraftOptions } from './use-document-draft.ts';

/** An order read as the server answers it, whose stored line value (0.00) the browser prices to 20.00. */
const doc = served(
  storedOrder('created', {
    lines: [{ pos: 10, subpos: 0, quantity: '2.000', price: '10.00000', value: '0.00' }],
  }),
  orderConfig,
  buyer(),
);
const options = (over: Partial<DraftOptions> = {}): DraftOptions => ({
  config: orderConfig,
  doc,
  creating: false,
  user: buyer(),
  ...over,
});
const lineValue = (view: { lines?: unknown } | null) => (view?.lines as Array<{ value?: unknown }>)[0]?.value;

describe('useDocumentDraft when a document is opened', () => {
  it('takes the edit mode with the first copy of the document when asked to (editOnLoad)', () => {
    const { result } = renderHook(() => useDocumentDraft(options({ editOnLoad: true })));
    expect(result.current.mode).toBe('edit');
    expect(result.current.draft).toBe(doc);
  });

  it('stays in read mode otherwise, and a later edit action still enters edit mode', () => {
    const { result } = renderHook(() => useDocumentDraft(options()));
    expect(result.current.mode).toBe('read');
    act(() => result.current.edit());
    expect(result.current.mode).toBe('edit');
  });

  it('shows the server values until it may price in the background (warm), then the browser prices', async () => {
    const { result, rerender } = renderHook((o: DraftOptions) => useDocumentDraft(o), {
      initialProps: options({ warm: false }),
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(lineValue(result.current.view)).toBe('0.00');
    rerender(options({ warm: true }));
    await waitFor(() => expect(lineValue(result.current.view)).toBe('20.00'));
  });
});

describe('useAfterPaint', () => {
  it('turns true only after start, in a later task, and stays true', async () => {
    const { result } = renderHook(() => useAfterPaint());
    await new Promise((r) => setTimeout(r, 30));
    expect(result.current[0]).toBe(false);
    act(() => result.current[1]());
    expect(result.current[0]).toBe(false);
    await waitFor(() => expect(result.current[0]).toBe(true));
    act(() => result.current[1]());
    expect(result.current[0]).toBe(true);
  });
});
