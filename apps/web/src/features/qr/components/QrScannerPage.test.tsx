import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../test/render.tsx';
import { qrTarget } from '../qr-target.ts';
import { QrScannerPage, cameraProblem } from './QrScannerPage.tsx';

const decode = vi.hoisted(() => ({ video: vi.fn(), image: vi.fn() }));
vi.mock('@zxing/browser', () => ({
  BrowserQRCodeReader: class {
    decodeFromVideoDevice = decode.video;
    decodeFromImageUrl = decode.image;
  },
}));

const ORIGIN = 'http://localhost:3000';
const setCamera = (present: boolean) =>
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: present ? { getUserMedia: vi.fn() } : undefined,
  });

function Page() {
  return (
    <Routes>
      <Route path="/qr" element={<QrScannerPage />} />
      <Route path="/order/:id" element={<p data-testid="opened">order</p>} />
    </Routes>
  );
}

afterEach(() => {
  decode.video.mockReset();
  setCamera(false);
});

describe('qrTarget', () => {
  it('opens app addresses inside the app and never follows another site on its own', () => {
    expect(qrTarget('/order/42', ORIGIN)).toEqual({ kind: 'app', path: '/order/42' });
    expect(qrTarget('order/42', ORIGIN)).toEqual({ kind: 'app', path: '/order/42' });
    expect(qrTarget(`${ORIGIN}/supplier/7?x=1`, ORIGIN)).toEqual({ kind: 'app', path: '/supplier/7?x=1' });
    expect(qrTarget('https://evil.example/x', ORIGIN)).toEqual({
      kind: 'external',
      url: 'https://evil.example/x',
    });
    expect(qrTarget('//evil.example', ORIGIN).kind).toBe('unknown');
    expect(qrTarget('javascript:alert(1)', ORIGIN).kind).toBe('unknown');
    expect(qrTarget('hello world', ORIGIN).kind).toBe('unknown');
  });
  it('names the camera problems', () => {
    expect(cameraProblem({ name: 'NotAllowedError' })).toBe('denied');
    expect(cameraProblem({ name: 'NotFoundError' })).toBe('noCamera');
    expect(cameraProblem(new Error('x'))).toBe('failed');
  });
});

describe('QrScannerPage', () => {
  it('says clearly when there is no camera, and a typed code still opens the document', async () => {
    setCamera(false);
    renderWithProviders(<Page />, { route: '/qr' });
    expect((await screen.findByTestId('qr-problem')).textContent).toContain('No camera was found');
    fireEvent.change(screen.getByTestId('qr-typed'), { target: { value: 'order/42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByTestId('opened')).toBeTruthy();
  });
  it('says when the camera is not allowed', async () => {
    setCamera(true);
    decode.video.mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    renderWithProviders(<Page />, { route: '/qr' });
    expect((await screen.findByTestId('qr-problem')).textContent).toContain('not allowed to use the camera');
  });
  it('decodes from the camera and goes to the document the code names', async () => {
    setCamera(true);
    const stop = vi.fn();
    decode.video.mockImplementation(
      async (_d: unknown, _v: unknown, cb: (r: { getText: () => string }) => void) => {
        setTimeout(() => cb({ getText: () => `${window.location.origin}/order/77` }), 10);
        return { stop };
      },
    );
    renderWithProviders(<Page />, { route: '/qr' });
    expect(await screen.findByTestId('opened')).toBeTruthy();
    await waitFor(() => expect(stop).toHaveBeenCalled());
  });
});
