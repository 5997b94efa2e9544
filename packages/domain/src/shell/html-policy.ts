/**
 * What stored HTML (notification text, help documents) may contain: the one allow-list of the
 * server's sanitiser (sanitize-html) and of the web's second layer (DOMPurify). Basic formatting,
 * lists, tables, headings and links with safe schemes; nothing else: no scripts, styles, event
 * handlers, iframes, forms or images (a remote image is a tracking pixel, `<img onerror>` the
 * classic payload).
 */
export const HTML_ALLOWED_TAGS: ReadonlyArray<string> = [
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

/** Attributes per tag; every other attribute (style, on*, data-*) is dropped. */
export const HTML_ALLOWED_ATTRIBUTES: Readonly<Record<string, ReadonlyArray<string>>> = {
  a: ['href', 'title', 'target', 'rel'],
  abbr: ['title'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  ol: ['start'],
};

/** Absolute link schemes allowed in href; relative links ('/order/42', '#top') always are. */
export const HTML_ALLOWED_SCHEMES: ReadonlyArray<string> = ['http', 'https', 'mailto'];
