import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiErrorBody, UploadResponse } from '@p2p/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { resetSession, startSession } from '../../../lib/session.ts';
import { jsonResponse, testUser } from '../../../test/render.tsx';
import { fetchDownloadUrl, openStoredFile, uploadFiles } from './upload-files.ts';

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
  respond(status: number, body: UploadResponse | ApiErrorBody) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const fileOf = (name: string, size: number) =>
  new File(['x'.repeat(size)], name, { type: 'application/pdf' });

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  startSession('tok-1', testUser());
});
afterEach(() => {
  resetSession('signout');
  vi.unstubAllGlobals();
});

describe('file upload (POST /api/files)', () => {
  it('sends multipart files[n] with the checks and the bearer token, reports progress, answers the stored files', async () => {
    const progress = vi.fn();
    const answer = uploadFiles([fileOf('Offer.PDF', 4), fileOf('Terms.pdf', 2)], {
      maxSize: 10,
      extensions: 'pdf',
      onProgress: progress,
    });
    const xhr = FakeXhr.sent[0]!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/files']);
    expect(xhr.headers.Authorization).toBe('Bearer tok-1');
    expect((xhr.body?.get('files[0]') as File).name).toBe('Offer.PDF');
    expect((xhr.body?.get('files[1]') as File).name).toBe('Terms.pdf');
    expect([xhr.body?.get('maxSize'), xhr.body?.get('extensions')]).toEqual(['10', 'pdf']);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 3 });
    expect(progress).toHaveBeenLastCalledWith(33);
    const stored: UploadResponse = {
      files: [{ _id: 'f-1', name: 'Offer.PDF', contentType: 'application/pdf', size: 4 }],
      info: null,
    };
    xhr.respond(200, stored);
    await expect(answer).resolves.toEqual(stored);
    expect(progress).toHaveBeenLastCalledWith(100);
  });

  it("rejects with the server's messages joined when it refuses the files", async () => {
    const answer = uploadFiles([fileOf('a.pdf', 2)]);
    const messages = [
      'File size of 2 bytes exceeds the limit of 1 bytes allowed.',
      "The file extension 'pdf' is not allowed.",
    ];
    FakeXhr.sent[0]!.respond(400, {
      message: messages.join(', '),
      key: 'files.rejected',
      _status: 400,
      data: { errors: messages.map((message) => ({ field: 'files', message })) },
    });
    const err = await answer.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect([(err as ApiError).status, (err as ApiError).message]).toEqual([400, messages.join(' ')]);
  });

  it("says a passed upload limit (413) in the user's language", async () => {
    const answer = uploadFiles([fileOf('a.pdf', 2)]);
    const message = 'The files of one upload may total at most 50,000,000 bytes.';
    FakeXhr.sent[0]!.respond(413, {
      message,
      key: 'files.request-too-large',
      _status: 413,
      data: { errors: [{ field: 'files', message }] },
    });
    const err = await answer.catch((e: unknown) => e);
    expect([(err as ApiError).status, (err as ApiError).message]).toEqual([413, message]);
  });
});

describe('file download links', () => {
  const link = { url: '/api/files/f-1?access_token=dl.sig', expiresAt: '2026-01-01T00:05:00.000Z' };

  it('mints a download token for the file, never putting the session token in the link', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(link));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchDownloadUrl('f 1')).resolves.toBe(link.url);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([init.method, url]).toEqual(['POST', '/api/files/f%201/download-token']);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  });

  it('opens the tab first, then sends it to the minted link', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(link)),
    );
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    await openStoredFile('f-1');
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe(link.url);

    // a refused link closes the tab again and reports the failure
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { message: 'File not found.', key: 'error.not-found', _status: 404, data: { errors: [] } },
          404,
        ),
      ),
    );
    await expect(openStoredFile('f-2')).rejects.toBeInstanceOf(ApiError);
    expect(tab.close).toHaveBeenCalled();
  });
});
