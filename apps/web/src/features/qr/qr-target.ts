/**
 * Where a scanned code leads (seed 001 section 2.7): an address of this application opens inside
 * it; another site's address is shown for the user to follow (a printed code must not send the
 * browser anywhere on its own); anything else is not an address.
 */
export type QrTarget =
  { kind: 'app'; path: string } | { kind: 'external'; url: string } | { kind: 'unknown'; text: string };

/** A document reference written without a leading slash: 'order/42', 'supplier/abc-1'. */
const DOCUMENT_REF = /^[a-z][a-z-]*\/[A-Za-z0-9_-]+$/;

export function qrTarget(text: string, origin: string): QrTarget {
  const t = text.trim();
  if (t.startsWith('/') && !t.startsWith('//')) return { kind: 'app', path: t };
  if (DOCUMENT_REF.test(t)) return { kind: 'app', path: `/${t}` };
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    return { kind: 'unknown', text: t };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'unknown', text: t };
  if (url.origin === origin) return { kind: 'app', path: `${url.pathname}${url.search}${url.hash}` };
  return { kind: 'external', url: url.href };
}
