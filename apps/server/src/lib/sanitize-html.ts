import { HTML_ALLOWED_ATTRIBUTES, HTML_ALLOWED_SCHEMES, HTML_ALLOWED_TAGS } from '@p2p/domain';
import sanitize from 'sanitize-html';

/**
 * The one HTML sanitiser of the server: every HTML the server stores or serves (notification text,
 * help documents, any rich text) goes through `sanitizeHtml`, with the domain's allow-list
 * (HTML_ALLOWED_TAGS, HTML_ALLOWED_ATTRIBUTES, HTML_ALLOWED_SCHEMES); `javascript:` and `data:` URLs
 * and everything else are dropped.
 *
 * The web app renders the result through one component (SafeHtml.tsx), which runs DOMPurify as a
 * second layer.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [...HTML_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(HTML_ALLOWED_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]]),
  ),
  // relative links ('/order/42', '#top') stay; absolute ones only with these schemes
  allowedSchemes: [...HTML_ALLOWED_SCHEMES],
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
