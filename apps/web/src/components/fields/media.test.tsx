import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders, testUser } from '../../test/render.tsx';
import { resetSession, startSession } from '../../lib/session.ts';
import { Field } from './Field.tsx';
import type { StoredFile } from '@p2p/domain';
import type { FieldContext, FieldDef, FieldFiles } from './types.ts';

/** The feature's file transfer as the field sees it: records uploads, answers them on demand. */
function fakeFiles() {
  const uploads: Array<{
    files: readonly File[];
    options: Parameters<FieldFiles['upload']>[1];
    resolve: (answer: { files: StoredFile[] }) => void;
    reject: (err: Error) => void;
  }> = [];
  const opened: string[] = [];
  const files: FieldFiles = {
    upload: (chosen, options) =>
      new Promise((resolve, reject) => uploads.push({ files: chosen, options, resolve, reject })),
    open: async (id) => void opened.push(id),
  };
  return { files, uploads, opened };
}

function Harness({
  field,
  initial,
  onValue,
  ctx,
}: {
  field: FieldDef;
  initial?: unknown;
  onValue?: (v: unknown) => void;
  ctx?: FieldContext;
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
        ctx={ctx}
        onChange={(v) => {
          setValue(v);
          onValue?.(v);
        }}
      />
    </>
  );
}

const field = (over: Partial<FieldDef> = {}): FieldDef => ({
  src: 'attachments',
  label: 'Attachments',
  type: 'media',
  ...over,
});

const fileOf = (name: string, size: number, type = 'application/pdf') =>
  new File(['x'.repeat(size)], name, { type });

const choose = (files: File[]) =>
  fireEvent.change(screen.getByLabelText('Attachments') as HTMLInputElement, { target: { files } });

let transfer: ReturnType<typeof fakeFiles>;

beforeEach(() => {
  transfer = fakeFiles();
  startSession('tok-1', testUser());
});
afterEach(() => resetSession('signout'));

describe('media field', () => {
  it('shows the exact violation messages and uploads nothing', () => {
    const onValue = vi.fn();
    renderWithProviders(
      <Harness
        field={field({ size: 10, extensions: 'pdf, png' })}
        onValue={onValue}
        ctx={{ files: transfer.files }}
      />,
    );
    choose([fileOf('a.exe', 25), fileOf('b.exe', 30)]);
    expect(screen.getByRole('alert').textContent).toBe(
      'File size of 25 bytes exceeds the limit of 10 bytes allowed. ' +
        "The file extension 'exe' is not allowed. Allowed extensions: pdf, png. " +
        'File size of 30 bytes exceeds the limit of 10 bytes allowed.',
    );
    expect(transfer.uploads).toHaveLength(0);
    expect(onValue).not.toHaveBeenCalled();
  });

  it('adds no file when one of several fails (default limit 20,000,000 bytes)', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness field={field()} onValue={onValue} ctx={{ files: transfer.files }} />);
    const big = fileOf('big.pdf', 1);
    Object.defineProperty(big, 'size', { value: 20_000_001 });
    choose([fileOf('ok.pdf', 3), big]);
    expect(screen.getByRole('alert').textContent).toBe(
      'File size of 20,000,001 bytes exceeds the limit of 20,000,000 bytes allowed.',
    );
    expect(transfer.uploads).toHaveLength(0);
    expect(onValue).not.toHaveBeenCalled();
  });

  it('tells the limits of one upload before sending anything', () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness field={field()} onValue={onValue} ctx={{ files: transfer.files }} />);
    choose(Array.from({ length: 21 }, (_, i) => fileOf(`f${i}.pdf`, 1)));
    expect(screen.getByRole('alert').textContent).toBe('At most 20 files can be uploaded at once.');
    const big = [fileOf('a.pdf', 1), fileOf('b.pdf', 1), fileOf('c.pdf', 1)];
    for (const f of big) Object.defineProperty(f, 'size', { value: 19_000_000 });
    choose(big);
    expect(screen.getByRole('alert').textContent).toBe(
      'The files of one upload may total at most 50,000,000 bytes.',
    );
    expect(transfer.uploads).toHaveLength(0);
    expect(onValue).not.toHaveBeenCalled();
  });

  it("uploads through the context's files with progress, stores the answered files and links them", async () => {
    const onValue = vi.fn();
    renderWithProviders(
      <Harness field={field({ extensions: 'pdf' })} onValue={onValue} ctx={{ files: transfer.files }} />,
    );
    choose([fileOf('Offer.PDF', 4)]);
    expect(transfer.uploads).toHaveLength(1);
    const upload = transfer.uploads[0]!;
    expect(upload.files.map((f) => f.name)).toEqual(['Offer.PDF']);
    expect(upload.options).toMatchObject({ maxSize: 20_000_000, extensions: 'pdf' });

    act(() => upload.options.onProgress?.(50));
    expect(screen.getByTestId('input-attachments-progress').textContent).toContain('50');

    const stored: StoredFile = { _id: 'f-1', name: 'Offer.PDF', contentType: 'application/pdf', size: 4 };
    await act(async () => upload.resolve({ files: [stored] }));
    await waitFor(() => expect(onValue).toHaveBeenCalledWith([stored]));
    expect(screen.queryByTestId('input-attachments-progress')).toBeNull();
    // the link holds no token: a short-lived download link is minted on the click
    const link = screen.getByRole('link', { name: 'Offer.PDF' });
    expect(link.getAttribute('href')).toBe('#');
    fireEvent.click(link);
    expect(transfer.opened).toEqual(['f-1']);

    // display mode: a download link too; edit mode: remove clears the value
    fireEvent.click(screen.getByText('toggle'));
    fireEvent.click(screen.getByRole('link', { name: 'Offer.PDF' }));
    expect(transfer.opened).toEqual(['f-1', 'f-1']);
    fireEvent.click(screen.getByText('toggle'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Offer.PDF' }));
    expect(onValue).toHaveBeenLastCalledWith(null);
  });

  it('shows the message of a refused upload', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness field={field()} onValue={onValue} ctx={{ files: transfer.files }} />);
    choose([fileOf('a.pdf', 2)]);
    const message = 'File size of 2 bytes exceeds the limit of 1 bytes allowed.';
    await act(async () => transfer.uploads[0]!.reject(new Error(message)));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(onValue).not.toHaveBeenCalled();
  });

  it('without a file transfer in the context shows stored files by name and takes none', () => {
    const stored: StoredFile = { _id: 'f-1', name: 'Offer.PDF', contentType: 'application/pdf', size: 4 };
    renderWithProviders(<Harness field={field()} initial={[stored]} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Offer.PDF')).toBeTruthy();
    expect((screen.getByLabelText('Attachments') as HTMLInputElement).disabled).toBe(true);
  });
});
