import {
  errorMessage,
  isInvalidTokenError,
  refusalLimitText,
  uploadRefusalOf,
  type ApiErrorBody,
  type DownloadLink,
  type UploadResponse,
} from '@p2p/domain';
import type { FieldFiles } from '../../../components/fields/index.ts';
import { api, ApiError, apiUrl, buildHeaders } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n.ts';
import { resetSession, sessionStore } from '../../../lib/session.ts';

export interface UploadOptions {
  /** 0..100 while the bytes go up (XMLHttpRequest upload progress) */
  onProgress?: (percent: number) => void;
  /** sent as the server-side checks (the server cap of 20,000,000 bytes always applies) */
  maxSize?: number;
  extensions?: string;
  check?: { type: 'summarize' | 'taxAuthority' | 'socialSecurity'; obj?: unknown };
  signal?: AbortSignal;
}

/**
 * Uploads files as multipart files[0..n]. XMLHttpRequest rather than fetch, because only XHR
 * reports upload progress. Failures reject with ApiError carrying the server's message.
 */
export function uploadFiles(files: readonly File[], opts: UploadOptions = {}): Promise<UploadResponse> {
  const form = new FormData();
  if (opts.maxSize) form.append('maxSize', String(opts.maxSize));
  if (opts.extensions) form.append('extensions', opts.extensions);
  if (opts.check) form.append('check', JSON.stringify(opts.check));
  files.forEach((file, i) => form.append(`files[${i}]`, file, file.name));

  return new Promise<UploadResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/files'));
    for (const [name, value] of Object.entries(buildHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0)
        opts.onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(100);
        resolve(body as UploadResponse);
        return;
      }
      const errBody = body && typeof body === 'object' ? (body as Partial<ApiErrorBody>) : null;
      // the server lists one message per violation; shown joined like the client-side check
      const list = errBody?.data?.errors?.map((e) => e.message).filter(Boolean) ?? [];
      // a passed upload limit (413) in the user's language
      const refusal = uploadRefusalOf(errBody?.key);
      const message = refusal
        ? t(refusal.key, { limit: refusalLimitText(refusal) })
        : list.length
          ? list.join(' ')
          : errorMessage(errBody, xhr.status, xhr.statusText);
      if (isInvalidTokenError(xhr.status, errBody?.message) && sessionStore.get().token)
        resetSession('invalid-token');
      reject(new ApiError(message, xhr.status, errBody));
    };
    xhr.onerror = () => reject(new ApiError(t('messages.network'), 0));
    xhr.onabort = () => reject(new ApiError(t('files.cancelled'), 0));
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/**
 * The download link of a stored file: API base + /files/{id} + ?access_token= (seed 001 section 7).
 * The spec strips the /api prefix because its API base already ends there; our API lives under
 * /api on the same origin, so the link keeps it. The access_token is a download token the server
 * mints for this file (valid 5 minutes), never the session's bearer token: a link ends up in the
 * browser history and in server logs.
 */
export async function fetchDownloadUrl(id: string): Promise<string> {
  const link = await api.post<DownloadLink>(`/files/${encodeURIComponent(id)}/download-token`);
  return link.url;
}

/**
 * Opens a stored file in a new tab with a freshly minted link. The tab opens before the call (so
 * pop-up blockers allow it); when no tab can be opened the link is followed as a download.
 */
export async function openStoredFile(id: string): Promise<void> {
  const tab = typeof window.open === 'function' ? window.open('', '_blank') : null;
  try {
    const url = await fetchDownloadUrl(id);
    if (tab) tab.location.href = url;
    else {
      const a = document.createElement('a');
      a.href = url;
      a.download = '';
      a.click();
    }
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/** Upload and download of the media fields of documents (handed to the fields through their context). */
export const documentFiles: FieldFiles = { upload: uploadFiles, open: openStoredFile };
