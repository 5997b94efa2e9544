import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { TOAST_LIFE_MS } from '@p2p/domain';
import { showToast, toastStore } from '../lib/toasts.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Toasts } from './Toasts.tsx';

describe('Toasts', () => {
  it('applies the life of each severity and the bottom-right default position', () => {
    toastStore.set([]);
    expect(showToast({ severity: 'success', detail: 'a' })).toMatchObject({
      life: 3000,
      position: 'bottom-right',
    });
    expect(showToast({ severity: 'info', detail: 'b' }).life).toBe(3000);
    expect(showToast({ severity: 'warn', detail: 'c' }).life).toBe(5000);
    expect(showToast({ severity: 'error', detail: 'd', position: 'top-center' })).toMatchObject({
      life: TOAST_LIFE_MS.error,
      position: 'top-center',
    });
    toastStore.set([]);
  });

  it('shows queued messages and drains the queue', async () => {
    renderWithProviders(<Toasts />);
    act(() => {
      showToast({ severity: 'error', detail: 'Something failed' });
    });
    expect(await screen.findByText('Something failed')).toBeTruthy();
    expect(toastStore.get()).toEqual([]);
  });
});

describe('ConfirmDialog', () => {
  it('offers Cancel, No and Yes by default', async () => {
    const onAccept = vi.fn();
    const onReject = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(
      <ConfirmDialog
        visible
        message="Delete it?"
        onAccept={onAccept}
        onReject={onReject}
        onCancel={onCancel}
      />,
    );
    expect(await screen.findByText('Delete it?')).toBeTruthy();
    fireEvent.click(screen.getByText('Yes'));
    fireEvent.click(screen.getByText('No'));
    fireEvent.click(screen.getByText('Cancel'));
    expect([onAccept.mock.calls.length, onReject.mock.calls.length, onCancel.mock.calls.length]).toEqual([
      1, 1, 1,
    ]);
  });
});
