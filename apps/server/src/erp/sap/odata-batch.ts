import { randomUUID } from 'node:crypto';

/**
 * The OData v2 `$batch` wire format (multipart/mixed): a batch holds retrieve requests and
 * changesets; a changeset is all-or-nothing, so its answer is either one response per request or
 * a single error response. Written once here and used by the connector; the simulator parses the
 * requests with the same reader (a format, not a behaviour).
 */

export interface HttpMessage {
  /** request: `POST A_PurchaseOrder`; response: its status */
  method?: string;
  url?: string;
  status?: number;
  headers: Record<string, string>;
  body: string;
}

/** One part of a batch: a lone request (reads) or a changeset (writes, atomic). */
export type BatchPart = { changeset: HttpMessage[] } | HttpMessage;

const CRLF = '\r\n';

function httpPart(msg: HttpMessage, contentId?: number): string {
  const start = msg.method
    ? `${msg.method} ${msg.url} HTTP/1.1`
    : `HTTP/1.1 ${msg.status} ${msg.status! < 400 ? 'OK' : 'Error'}`;
  const headers = Object.entries(msg.headers).map(([k, v]) => `${k}: ${v}`);
  return [
    'Content-Type: application/http',
    'Content-Transfer-Encoding: binary',
    ...(contentId !== undefined ? [`Content-ID: ${contentId}`] : []),
    '',
    start,
    ...headers,
    '',
    msg.body,
  ].join(CRLF);
}

/** Serialises batch parts; answers the body and its content type. */
export function writeBatch(parts: BatchPart[], prefix = 'batch'): { body: string; contentType: string } {
  const boundary = `${prefix}_${randomUUID()}`;
  const chunks = parts.map((part) => {
    if (!('changeset' in part)) return httpPart(part);
    const cs = `changeset_${randomUUID()}`;
    const inner = part.changeset.map((m, i) => `--${cs}${CRLF}${httpPart(m, i + 1)}${CRLF}`).join('');
    return `Content-Type: multipart/mixed; boundary=${cs}${CRLF}${CRLF}${inner}--${cs}--`;
  });
  const body = chunks.map((c) => `--${boundary}${CRLF}${c}${CRLF}`).join('') + `--${boundary}--${CRLF}`;
  return { body, contentType: `multipart/mixed; boundary=${boundary}` };
}

export const boundaryOf = (contentType: string): string | null =>
  /boundary=("?)([^";]+)\1/i.exec(contentType)?.[2] ?? null;

/** Splits a multipart body into its parts (headers + body each). */
function splitMultipart(
  body: string,
  boundary: string,
): Array<{ headers: Record<string, string>; body: string }> {
  const text = body.replace(/\r?\n/g, CRLF);
  const sections = text.split(`--${boundary}`);
  const out: Array<{ headers: Record<string, string>; body: string }> = [];
  for (const raw of sections.slice(1)) {
    if (raw.startsWith('--')) break;
    const section = raw.replace(/^\r\n/, '');
    const end = section.indexOf(CRLF + CRLF);
    const head = end < 0 ? section : section.slice(0, end);
    const rest = end < 0 ? '' : section.slice(end + 4);
    out.push({ headers: headerMap(head.split(CRLF)), body: rest.replace(/\r\n$/, '') });
  }
  return out;
}

function headerMap(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

/** An application/http part: the start line, headers and body of the inner message. */
function readHttp(text: string): HttpMessage {
  const end = text.indexOf(CRLF + CRLF);
  const head = (end < 0 ? text : text.slice(0, end)).split(CRLF);
  const body = end < 0 ? '' : text.slice(end + 4).replace(/\r\n$/, '');
  const [start = '', ...rest] = head;
  const headers = headerMap(rest);
  const status = /^HTTP\/1\.1 (\d{3})/.exec(start);
  if (status) return { status: Number(status[1]), headers, body };
  const [method, url] = start.split(' ');
  return { method: method!, url: url!, headers, body };
}

/** Reads a batch (request or response) back into parts. */
export function readBatch(body: string, contentType: string): BatchPart[] {
  const boundary = boundaryOf(contentType);
  if (!boundary) throw new Error('a $batch body needs a multipart boundary');
  return splitMultipart(body, boundary).map((part) => {
    const type = part.headers['content-type'] ?? '';
    if (type.startsWith('multipart/mixed')) {
      const inner = boundaryOf(type);
      if (!inner) throw new Error('a changeset needs a boundary');
      return { changeset: splitMultipart(part.body, inner).map((p) => readHttp(p.body)) };
    }
    return readHttp(part.body);
  });
}
