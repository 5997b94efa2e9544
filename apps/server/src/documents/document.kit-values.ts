import { randomBytes, scryptSync } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { getPath, isPasswordHash, PASSWORD_HASH_PREFIX, resolveFieldType, setPath } from '@p2p/domain';
import type { ModelConfig } from './model-config.ts';

/**
 * What the server does to the values of the kit's field types before a document is written:
 * rich text (Quill's HTML) keeps only the markup the editor produces, so stored HTML can never carry
 * a script, an event handler or a javascript: link to another reader; a password field keeps a
 * salted scrypt hash, never the clear text.
 */

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ol',
    'ul',
    'li',
    'h1',
    'h2',
    'h3',
    'blockquote',
    'pre',
    'code',
    'span',
    'sub',
    'sup',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    // Quill's own classes (alignment, indent, list kinds) and its list item data
    '*': ['class'],
    li: ['data-list', 'class'],
    span: ['class', 'style'],
  },
  allowedClasses: { '*': [/^ql-[a-z0-9-]+$/] },
  allowedStyles: {
    span: { color: [/^#[0-9a-f]{3,6}$/i, /^rgb\(/], 'background-color': [/^#[0-9a-f]{3,6}$/i, /^rgb\(/] },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

/** Quill's HTML reduced to the markup it produces; anything executable is dropped. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, RICH_TEXT);

export function hashFieldPassword(clear: string): string {
  const salt = randomBytes(16).toString('base64');
  return `${PASSWORD_HASH_PREFIX}${salt}$${scryptSync(clear, salt, 32).toString('base64')}`;
}

/**
 * Rewrites, in place, the rich text and password values of the body's form fields (top-level
 * document data; line fields hold neither type).
 */
export function protectKitValues(data: Record<string, unknown>, model: Pick<ModelConfig, 'form'>): void {
  for (const field of model.form.fields) {
    const type = resolveFieldType(field.type);
    if (type !== 'richtextarea' && type !== 'password') continue;
    const value = getPath(data, field.src);
    if (typeof value !== 'string' || value === '') continue;
    const next =
      type === 'richtextarea'
        ? sanitizeRichText(value)
        : isPasswordHash(value)
          ? value
          : hashFieldPassword(value);
    if (next === value) continue;
    const written = setPath(data, field.src, next) as Record<string, unknown>;
    // setPath answers a copy: carry the rewritten top-level key back into the body
    const top = field.src.split('.')[0]!;
    data[top] = written[top];
  }
}
