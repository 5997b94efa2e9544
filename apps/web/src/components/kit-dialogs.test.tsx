import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../test/render.tsx';
import { AppDialog, dialogPosition } from './AppDialog.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { FilterChip } from './FilterChip.tsx';
import { InlineMessage } from './InlineMessage.tsx';

describe('dialogs', () => {
  it('maps the seed positions to the dialog positions', () => {
    expect(dialogPosition('topleft')).toBe('top-left');
    expect(dialogPosition('bottomright')).toBe('bottom-right');
    expect(dialogPosition('top-right')).toBe('top-right');
    expect(dialogPosition('left')).toBe('left');
    expect(dialogPosition('nowhere')).toBe('center');
    expect(dialogPosition(undefined)).toBe('center');
  });
  it('confirm offers Cancel, No and Yes by default', () => {
    const onAccept = vi.fn();
    const onReject = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(
      <ConfirmDialog
        visible
        message="Delete it?"
        position="bottomleft"
        onAccept={onAccept}
        onReject={onReject}
        onCancel={onCancel}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect([onAccept, onReject, onCancel].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
    expect(document.querySelector('.p-dialog-bottom-left')).toBeTruthy();
  });
  it('a dialog can be maximized', () => {
    const onMaximize = vi.fn();
    renderWithProviders(
      <AppDialog
        visible
        onHide={() => undefined}
        header="Details"
        maximizable
        onMaximize={onMaximize}
        position="topright"
      >
        body
      </AppDialog>,
    );
    fireEvent.click(document.querySelector('.p-dialog-header-maximize')!);
    expect(onMaximize).toHaveBeenCalledWith(true);
    expect(document.querySelector('.p-dialog-maximized')).toBeTruthy();
  });
});

describe('inline message and filter chip', () => {
  it('hides after 3000 ms unless sticky', () => {
    vi.useFakeTimers();
    const { rerender } = renderWithProviders(<InlineMessage severity="info" text="Saved" />);
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByTestId('inline-message')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('inline-message')).toBeNull();
    rerender(<InlineMessage severity="warn" text="Check the dates" sticky />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('inline-message').textContent).toContain('Check the dates');
  });
  it('the filter chip opens the settings screen', () => {
    renderWithProviders(
      <Routes>
        <Route path="/" element={<FilterChip label="Plant: Lisboa" />} />
        <Route path="/account" element={<p>settings screen</p>} />
      </Routes>,
    );
    expect(screen.queryByTestId('filter-chip-remove')).toBeNull();
    fireEvent.click(screen.getByTestId('filter-chip-open'));
    expect(screen.getByText('settings screen')).toBeTruthy();
  });
  it('the filter chip of a removable filter drops it', () => {
    const onRemove = vi.fn();
    renderWithProviders(<FilterChip label="Supplier: Alfa" onRemove={onRemove} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the filter Supplier: Alfa' }));
    expect(onRemove).toHaveBeenCalledOnce();
  });
});
