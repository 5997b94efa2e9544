import sanitize from 'sanitize-html';

/**
 * The one HTML sanitiser of the server: every HTML the server stores or serves (notification text,
 * help documents, any rich text) goes through `sanitizeHtml`. An allow-list: basic formatting,
 * lists, tables, headings and links with safe schemes. Everything else is dropped: scripts, styles
 * (elements and attributes), event handlers, iframes, forms, images (a remote image is a tracking
 * pixel, and `<img onerror>` the classic payload), `javascript:` and `data:` URLs.
 *
 * The web app renders the result through one component (SafeHtml.tsx), which runs DOMPurify as a
 * second layer.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    abbr: ['title'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start'],
  },
  // relative links ('/order/42', '#top') stay; absolute ones only with these schemes
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // the content of these is dropped with them, not kept as text
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'iframe'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // a link that opens a new tab must not hand the opener to the page it opens
    a: (tagName, attribs) => {
      if (attribs.target === undefined) return { tagName, attribs };
      return { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } };
    },
  },
};

/** The HTML with only allowed tags, attributes and URL schemes left. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}

/**
 * A link the web app may follow: an app path ('/order/42', not '//host') or an http(s) address;
 * anything else ('javascript:...', 'data:...') is no link.
 */
export function safeLink(link: string | null | undefined): string | null {
  if (!link) return null;
  const text = link.trim();
  if (text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\')) return text;
  return /^https?:\/\/[^\s]+$/i.test(text) ? text : null;
}
