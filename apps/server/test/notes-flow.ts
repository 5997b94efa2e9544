import { randomBytes } from 'node:crypto';
import type { DocumentResponse, Note, NotePostLog, Notification } from '@p2p/domain';
import { call, signIn, type TestApp } from './helpers.ts';
import { erpHand } from './erp-hand.ts';
import { orderFlow } from './order-flow.ts';

/**
 * The notes tests' world through the real API: signed-in users, Alfa orders (a draft, or one sent
 * to the supplier), notes posted as multipart the way the browser sends them, and the calls that
 * answer notes, files and notifications.
 */

export interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand (the wire format a browser sends). */
export function multipart(parts: Part[]) {
  const boundary = `----p2p${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${
      p.filename ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''
    }\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface NoteFile {
  name: string;
  data: string;
  type?: string;
}

export function notesWorld(t: () => TestApp) {
  const tokens: Record<string, string> = {};
  const token = async (user: string) => (tokens[user] ??= (await signIn(t().app, user)).token);
  const flow = orderFlow(() => t().app, token);

  const api = async <T = unknown>(
    user: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
  ) => call<T>(t().app, method, url, { token: await token(user), ...(body !== undefined ? { body } : {}) });

  return {
    token,
    api,
    ...flow,

    /** A new Alfa order moved to erp-done, the first state its supplier sees. */
    async sentOrder(description: string): Promise<DocumentResponse> {
      let order = await flow.newOrder(description);
      order = await flow.move('buyer', order, 'submit-approval');
      order = await flow.move('manager', order, 'approve');
      order = await flow.move('buyer', order, 'workflow');
      return erpHand(t().app, t().conn.db, 'order', order);
    },

    /** POST /api/communication/messages/{model}/{id} as multipart: log, files[n], linkedFiles. */
    async post(
      user: string,
      id: string,
      log: Partial<NotePostLog> | string,
      opts: { files?: NoteFile[]; linkedFiles?: string[] | string; model?: string } = {},
    ) {
      const parts: Part[] = [{ name: 'log', data: typeof log === 'string' ? log : JSON.stringify(log) }];
      (opts.files ?? []).forEach((f, i) =>
        parts.push({ name: `files[${i}]`, filename: f.name, type: f.type ?? 'text/plain', data: f.data }),
      );
      if (opts.linkedFiles !== undefined)
        parts.push({
          name: 'linkedFiles',
          data: typeof opts.linkedFiles === 'string' ? opts.linkedFiles : JSON.stringify(opts.linkedFiles),
        });
      const { payload, contentType } = multipart(parts);
      const res = await t().app.inject({
        method: 'POST',
        url: `/api/communication/messages/${opts.model ?? 'order'}/${id}`,
        payload,
        headers: { 'content-type': contentType, authorization: `Bearer ${await token(user)}` },
      });
      return { status: res.statusCode, body: res.json() as Note & { message?: string; key?: string } };
    },

    notes: async (user: string, id: string) =>
      api<Note[]>(user, 'GET', `/api/communication/notes/order/${id}`),

    remove: async (user: string, noteId: string) =>
      api<{ ok?: true; key?: string }>(user, 'GET', `/api/communication/messages/delete/${noteId}`),

    /** GET /api/files/{id} with the bearer header: status and body text. */
    async download(user: string, fileId: string) {
      const res = await t().app.inject({
        method: 'GET',
        url: `/api/files/${fileId}`,
        headers: { authorization: `Bearer ${await token(user)}` },
      });
      return { status: res.statusCode, body: res.body };
    },

    notifications: async (user: string) =>
      (await api<Notification[]>(user, 'GET', `/api/communication/notifications?ts=${Date.now()}`)).body,
  };
}
