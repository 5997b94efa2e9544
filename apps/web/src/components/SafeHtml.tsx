import { useMemo, type HTMLAttributes } from 'react';
import DOMPurify from 'dompurify';
import { HTML_ALLOWED_ATTRIBUTES, HTML_ALLOWED_TAGS } from '@p2p/domain';

/**
 * The tags and attributes HTML from the server may use: the domain's allow-list, the one the
 * server's sanitiser keeps. The server sanitises what it stores and serves; this is the second
 * layer, so a row the server missed still cannot run a script in the browser.
 */
const ALLOWED_TAGS = [...HTML_ALLOWED_TAGS];
const ALLOWED_ATTR = [...new Set(Object.values(HTML_ALLOWED_ATTRIBUTES).flat())];
// relative links and http(s) or mailto addresses; no javascript:, data: or other schemes
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** HTML with only the allowed tags, attributes and link schemes left. */
export function purifyHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
  });
}

export type SafeHtmlProps = Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'dangerouslySetInnerHTML'> & {
  /** HTML from the server (notification text, help content) */
  html: string;
};

/** The one way the app renders HTML it did not write itself: purified, in a div. */
export function SafeHtml({ html, ...props }: SafeHtmlProps) {
  const clean = useMemo(() => purifyHtml(html), [html]);
  return <div {...props} dangerouslySetInnerHTML={{ __html: clean }} />;
}
