import { useMemo, type HTMLAttributes } from 'react';
import DOMPurify from 'dompurify';

/**
 * The tags and attributes HTML from the server may use: the allow-list of the server's sanitiser
 * (apps/server/src/lib/sanitize-html.ts). The server sanitises what it stores and serves; this is the
 * second layer, so a row the server missed still cannot run a script in the browser.
 */
const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'code',
  'dd',
  'div',
  'dl',
  'dt',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'kbd',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];
const ALLOWED_ATTR = ['href', 'title', 'target', 'rel', 'colspan', 'rowspan', 'scope', 'start'];
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
