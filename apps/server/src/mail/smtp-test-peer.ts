import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as it arrived at the test peer: envelope plus the raw RFC 5322 text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** the decoded value of a header (first occurrence), e.g. header('subject') */
  header(name: string): string | undefined;
  /** the text body (quoted-printable and base64 parts decoded, first text/plain part) */
  text: string;
}

export interface SmtpTestPeer {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** resolves with the next message to arrive (or the oldest not yet taken) */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function unfoldHeaders(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const map = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) {
      const name = line.slice(0, at).trim().toLowerCase();
      if (!map.has(name)) map.set(name, decodeWords(line.slice(at + 1).trim()));
    }
  }
  return map;
}

/** RFC 2047 encoded words (=?utf-8?Q?...?= / =?utf-8?B?...?=), as nodemailer writes non-ASCII. */
function decodeWords(value: string): string {
  return value.replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=\s*/g, (_m, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-F]{2})/gi, '%25');
  try {
    return decodeURIComponent(bytes);
  } catch {
    return s;
  }
}

/** The first text/plain part of a message, decoded (enough for the messages this app sends). */
function textBody(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts.length > 1 ? parts.slice(1) : [raw]) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    if (parts.length > 1 && !/content-type:\s*text\/plain/i.test(head)) continue;
    const headers = unfoldHeaders(`${head}\n\n`);
    const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
    return body;
  }
  return '';
}

/**
 * A real SMTP server on loopback (a free port) that keeps every message it receives, for tests of
 * anything that mails: start it, pass `url` as SMTP_URL, read `messages` or await `next()`.
 */
export async function startSmtpTestPeer(): Promise<SmtpTestPeer> {
  const messages: ReceivedMail[] = [];
  const waiting: Array<(m: ReceivedMail) => void> = [];
  let taken = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = unfoldHeaders(raw);
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          header: (name) => headers.get(name.toLowerCase()),
          text: textBody(raw),
        };
        messages.push(mail);
        const resolve = waiting.shift();
        if (resolve) {
          taken++;
          resolve(mail);
        }
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    next(timeoutMs = 5000) {
      if (taken < messages.length) return Promise.resolve(messages[taken++]!);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail arrived')), timeoutMs);
        waiting.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
