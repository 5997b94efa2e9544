/**
 * Rendering the server's messages in a language: by key and parameters (the producers of the
 * domain: validation, text lengths), or by the English text a service raised (translateText: the
 * error handler's answer in the caller's language, without every service naming keys).
 */
import { labelText } from '../documents/field-rules.ts';
import type { Label } from '../documents/types.ts';
import type { CatalogueEntry } from './catalogue-entry.ts';
import { MESSAGE_CATALOGUE, type MessageKey } from './catalogue.ts';
import { DEFAULT_MESSAGE_LANGUAGE, isMessageLanguage, type MessageLanguage } from './languages.ts';

/** A parameter: a number (written the language's way), a text, or a label per language. */
export type MessageParam = number | Label;
export type MessageParams = Readonly<Record<string, MessageParam>>;

const languageOf = (lang: string | null | undefined): MessageLanguage =>
  isMessageLanguage(lang) ? lang : DEFAULT_MESSAGE_LANGUAGE;

const PT_INTEGER = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 0 });

/** A whole number as the language writes it: 4,000 in English; 4000 and 10 000 in Portuguese. */
export function formatCount(n: number, lang: string | null | undefined): string {
  if (!Number.isSafeInteger(n)) return String(n);
  return languageOf(lang) === 'pt' ? PT_INTEGER.format(n) : String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `{name}` in a template. Only used through replace / split / matchAll, which ignore lastIndex. */
const PARAM = /\{(\w+)\}/g;

function fill(template: string, params: MessageParams, lang: MessageLanguage): string {
  return template.replace(PARAM, (whole, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatCount(value, lang) : labelText(value, lang);
  });
}

/** The message `key` in `lang` (English for a language without a catalogue). */
export function renderMessage(key: MessageKey, params: MessageParams = {}, lang = 'en'): string {
  const language = languageOf(lang);
  const entry: CatalogueEntry = MESSAGE_CATALOGUE[key];
  return fill(entry[language], params, language);
}

interface TextPattern {
  key: MessageKey;
  pattern: RegExp;
  names: string[];
  /** the literal characters of the template: longer ones are tried first (more specific) */
  literal: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English texts of the catalogue: exact ones, and templates as patterns. Built on first use. */
let index: { exact: Map<string, MessageKey>; patterns: TextPattern[] } | null = null;

function textIndex(): NonNullable<typeof index> {
  if (index) return index;
  const exact = new Map<string, MessageKey>();
  const patterns: TextPattern[] = [];
  for (const [key, entry] of Object.entries(MESSAGE_CATALOGUE) as Array<[MessageKey, CatalogueEntry]>) {
    if (entry.byText === false) continue;
    const parts = entry.en.split(PARAM);
    if (parts.length === 1) {
      exact.set(entry.en, key);
      continue;
    }
    const source = parts.map((p, i) => (i % 2 ? '(.+?)' : escapeRegExp(p))).join('');
    const literals = parts.filter((_, i) => i % 2 === 0);
    patterns.push({
      key,
      pattern: new RegExp(`^${source}$`, 's'),
      names: parts.filter((_, i) => i % 2 === 1),
      literal: literals.join('').length,
    });
  }
  patterns.sort((a, b) => b.literal - a.literal);
  index = { exact, patterns };
  return index;
}

/**
 * An English message of the server in `lang`: the catalogue entry whose English text it is (the
 * parameters of a template taken over as they were written), else the text unchanged.
 */
export function translateText(text: string, lang: string | null | undefined): string {
  const language = languageOf(lang);
  if (language === 'en') return text;
  const { exact, patterns } = textIndex();
  const key = exact.get(text);
  if (key) return MESSAGE_CATALOGUE[key][language];
  for (const p of patterns) {
    const match = p.pattern.exec(text);
    if (!match) continue;
    const params = Object.fromEntries(p.names.map((name, i) => [name, match[i + 1] ?? '']));
    return fill(MESSAGE_CATALOGUE[p.key][language], params, language);
  }
  return text;
}
