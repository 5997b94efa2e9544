import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders, testUser } from '../../test/render.tsx';
import { resetSession, startSession } from '../../lib/session.ts';
import { Field } from './Field.tsx';
import type { FieldDef } from './types.ts';

/** XMLHttpRequest replaced at the network boundary: records requests, answers on demand. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function Harness({
  field,
  initial,
  onValue,
}: {
  field: FieldDef;
  initial?: unknown;
  onValue?: (v: unknown) => void;
}) {
  const [value, setValue] = useState<unknown>(initial);
  const [editing, setEditing] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setEditing((e) => !e)}>
        toggle
      </button>
      <Field
        field={field}
        value={value}
        editable={editing}
        onChange={(v) => {
          setValue(v);
          onValue?.(v);
        }}
      />
    </>
  );
}

const field = (over: Partial<FieldDef> & { extensions?: string } = {}): FieldDef =>
  ({ src: 'attachments', label: 'Attachments', type: 'media', ...over }) as FieldDef;

const fileOf = (name: string, size: number, type = 'application/pdf') =>
  new File(['x'.repeat(size)], name, { type });

const choose = (files: File[]) =>
  fireEvent.change(screen.getByLabelText('Attachments') as HTMLInputElement, { target: { files } });

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  startSession('tok-1', testUser());
});
afterEach(() => resetSession('signout'));

describe('media field', () => {
  it('shows the exact violation messages and uploads nothing', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness field={field({ size: 10, extensions: 'pdf, png' })} onValue={onValue} />);
    choose([fileOf('a.exe', 25), fileOf('b.exe', 30)]);
    expect(screen.getByRole('alert').textContent).toBe(
      'File size of 25 bytes exceeds the limit of 10 bytes allowed. ' +
        "The file extension 'exe' is not allowed. Allowed extensions: pdf, png. " +
        'File size of 30 bytes exceeds the limit of 10 bytes allowed.',
    );
    expect(FakeXhr.sent).toHaveLength(0);
    expect(onValue).not.toHaveBeenCalled();
  });

  it('adds no file when one of several fails (default limit 20,000,000 bytes)', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness field={field()} onValue={onValue} />);
    const big = fileOf('big.pdf', 1);
    Object.defineProperty(big, 'size', { value: 20_000_001 });
    choose([fileOf('ok.pdf', 3), big]);
    expect(screen.getByRole('alert').textContent).toBe(
      'File size of 20,000,001 bytes exceeds the limit of 20,000,000 bytes allowed.',
    );
    expect(FakeXhr.sent).toHaveLength(0);
    expect(onValue).not.toHaveBeenCalled();
  });

  it('uploads with progress, stores the answered files and links them for download', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness field={field({ extensions: 'pdf' })} onValue={onValue} />);
    choose([fileOf('Offer.PDF', 4)]);
    expect(FakeXhr.sent).toHaveLength(1);
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/files');
    expect(xhr.headers.Authorization).toBe('Bearer tok-1');
    expect((xhr.body?.get('files[0]') as File).name).toBe('Offer.PDF');
    expect(xhr.body?.get('extensions')).toBe('pdf');

    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 }));
    expect(screen.getByTestId('input-attachments-progress').textContent).toContain('50');

    const stored = { _id: 'f-1', name: 'Offer.PDF', contentType: 'application/pdf', size: 4 };
    act(() => xhr.respond(200, { files: [stored], info: null }));
    await waitFor(() => expect(onValue).toHaveBeenCalledWith([stored]));
    expect(screen.queryByTestId('input-attachments-progress')).toBeNull();
    const link = screen.getByRole('link', { name: 'Offer.PDF' });
    expect(link.getAttribute('href')).toBe('/api/files/f-1?access_token=tok-1');

    // display mode: a download link too; edit mode: remove clears the value
    fireEvent.click(screen.getByText('toggle'));
    expect(screen.getByRole('link', { name: 'Offer.PDF' }).getAttribute('href')).toBe(
      '/api/files/f-1?access_token=tok-1',
    );
    fireEvent.click(screen.getByText('toggle'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Offer.PDF' }));
    expect(onValue).toHaveBeenLastCalledWith(null);
  });

  it("shows the server's message when the upload is refused", async () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness field={field()} onValue={onValue} />);
    choose([fileOf('a.pdf', 2)]);
    const message = 'File size of 2 bytes exceeds the limit of 1 bytes allowed.';
    act(() =>
      FakeXhr.sent[0]!.respond(400, {
        message,
        key: 'files.rejected',
        _status: 400,
        data: { errors: [{ field: 'files', message }] },
      }),
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(onValue).not.toHaveBeenCalled();
  });
});
