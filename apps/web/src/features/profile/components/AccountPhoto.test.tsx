import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ApiErrorBody, PhotoRemoved, PhotoSaved } from '@p2p/domain';
import { jsonResponse, renderWithProviders, testUser } from '../../../test/render.tsx';
import { resetSession, startSession } from '../../../lib/session.ts';
import { toastStore } from '../../../lib/toasts.ts';
import { AccountPhoto } from './AccountPhoto.tsx';
import type { LoadedImage } from './PhotoDialog.tsx';

/** The photo the server holds for u1 (null: none), and the PNG the last upload sent. */
let stored: Uint8Array | null;
let sent: File | null;
let refuseUpload: ApiErrorBody | null;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const fetchMock = vi.fn<typeof fetch>();
const notFound = (message: string) =>
  jsonResponse(
    { message, key: 'error.not-found', _status: 404, data: { errors: [] } } satisfies ApiErrorBody,
    404,
    'Not Found',
  );

/** Image decoding and PNG encoding are the browser's (jsdom has no canvas): the test's own. */
const rendered: Array<{ zoom: number }> = [];
const io = {
  loadImage: async (file: File): Promise<LoadedImage | null> =>
    file.type === 'image/jpeg'
      ? { source: {} as CanvasImageSource, url: 'blob:chosen', width: 800, height: 600 }
      : null,
  renderPng: async (_source: CanvasImageSource, _size: unknown, _view: number, crop: { zoom: number }) => {
    rendered.push(crop);
    return new Blob([PNG], { type: 'image/png' });
  },
};

beforeEach(() => {
  resetSession(null);
  startSession('tok', testUser({ name: 'Maria da Graça Ribeiro' }));
  toastStore.set([]);
  stored = null;
  sent = null;
  refuseUpload = null;
  rendered.length = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() }),
  );
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/profile/photo/u1' && method === 'GET')
      return stored
        ? new Response(stored.slice(), { headers: { 'content-type': 'image/png' } })
        : notFound('No photo.');
    if (url.pathname === '/api/profile/photo' && method === 'POST') {
      if (refuseUpload) return jsonResponse(refuseUpload, refuseUpload._status, 'Bad Request');
      sent = (init!.body as FormData).get('files[0]') as File;
      stored = new Uint8Array(await sent.arrayBuffer());
      return jsonResponse({
        ok: true,
        photo: { _id: 'f1', size: stored.length, side: 256 },
      } satisfies PhotoSaved);
    }
    if (url.pathname === '/api/profile/photo' && method === 'DELETE') {
      const removed = stored !== null;
      stored = null;
      return jsonResponse({ ok: true, removed } satisfies PhotoRemoved);
    }
    return notFound('Not found');
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderPhoto = () =>
  renderWithProviders(<AccountPhoto user={{ _id: 'u1', name: 'Maria da Graça Ribeiro' }} io={io} />);
const choose = (file: File) =>
  fireEvent.change(screen.getByTestId('photo-file'), { target: { files: [file] } });

describe('the account photo', () => {
  it('shows the no-photo placeholder with the initials when there is no photo', async () => {
    renderPhoto();
    const placeholder = await screen.findByTestId('user-no-photo');
    expect(placeholder.textContent).toBe('MR');
    expect(placeholder.getAttribute('aria-label')).toBe('No photo: Maria da Graça Ribeiro');
    expect(screen.queryByTestId('photo-remove')).toBeNull();
  });

  it('uploads the square crop of a chosen image as a PNG and shows it', async () => {
    renderPhoto();
    await screen.findByTestId('user-no-photo');
    fireEvent.click(screen.getByTestId('photo-change'));
    const file = screen.getByTestId('photo-file') as HTMLInputElement;
    expect(file.accept).toBe('image/*');
    expect((screen.getByTestId('photo-save') as HTMLButtonElement).disabled).toBe(true);
    choose(new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' }));
    await screen.findByTestId('photo-crop');
    fireEvent.keyDown(screen.getByTestId('photo-crop'), { key: '+' });
    fireEvent.click(screen.getByTestId('photo-save'));
    expect(await screen.findByTestId('user-photo')).toBeTruthy();
    expect(sent?.type).toBe('image/png');
    expect(sent?.name).toBe('photo.png');
    expect(rendered[0]?.zoom).toBeCloseTo(1.1);
    expect(toastStore.get().map((m) => m.detail)).toContain('Your photo was saved.');
    await waitFor(() => expect(screen.queryByTestId('photo-dialog')).toBeNull());
  });

  it('refuses a file that is not an image, and shows a refused upload', async () => {
    renderPhoto();
    fireEvent.click(await screen.findByTestId('photo-change'));
    choose(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect((await screen.findByTestId('photo-error')).textContent).toBe('Choose an image file.');
    expect(screen.queryByTestId('photo-crop')).toBeNull();

    refuseUpload = {
      message: 'The photo must be square.',
      key: 'profile.photo-invalid',
      _status: 400,
      data: { errors: [{ field: 'files', message: 'The photo must be square.' }] },
    };
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    choose(new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' }));
    fireEvent.click(await screen.findByTestId('photo-save'));
    expect((await screen.findByTestId('photo-error')).textContent).toBe('The photo must be square.');
    expect(log).toHaveBeenCalled();
    expect(stored).toBeNull();
    log.mockRestore();
  });

  it('removes the photo after confirmation', async () => {
    stored = PNG;
    renderPhoto();
    await screen.findByTestId('user-photo');
    fireEvent.click(screen.getByTestId('photo-remove'));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByTestId('user-no-photo')).toBeTruthy();
    await waitFor(() => expect(toastStore.get().map((m) => m.detail)).toContain('Your photo was removed.'));
  });
});
