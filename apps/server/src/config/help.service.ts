import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isSupplier, type HelpDoc } from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import { sanitizeHtml } from '../lib/sanitize-html.ts';
import { SERVER_ROOT } from './env.ts';
import { HELP_CATALOG, HELP_TITLE, MANUAL_DOC } from './help-catalog.ts';

const HELP_DIR = resolve(SERVER_ROOT, 'help');
const INTERNAL_DOCS = Object.keys(HELP_CATALOG).filter((d) => HELP_CATALOG[d]?.internal);
// A list item linking an internal-only topic; suppliers get the manual without it.
const INTERNAL_ITEM = new RegExp(`<li>[^\\n]*href="/help/(${INTERNAL_DOCS.join('|')})"[^\\n]*</li>\\n?`, 'g');

// A heading whose list lost every item (suppliers' copy of the manual) goes too.
const EMPTY_GROUP = /<h3>[^<]*<\/h3>\s*<ul>\s*<\/ul>\n?/g;

/**
 * The document served for a requested one: itself when the caller may read it, else the manual
 * (an unknown topic, a screen without its own help yet, or an internal topic asked for by a
 * supplier): the help panel never answers 'not found' for a screen.
 */
function servedDoc(doc: string, reduced: boolean): string {
  const entry = Object.hasOwn(HELP_CATALOG, doc) ? HELP_CATALOG[doc] : undefined;
  return entry && !(reduced && entry.internal) ? doc : MANUAL_DOC;
}

/**
 * Help documents from apps/server/help/{lang}/{doc}.html; suppliers get the reduced set. The
 * links name each document once: never the manual (it has its own link) or the document itself.
 */
export function helpService() {
  return {
    async doc(caller: AuthContext, langParam: string, requested: string): Promise<HelpDoc> {
      const lang = langParam === 'pt' ? 'pt' : 'en';
      const reduced = isSupplier(caller.user);
      const served = servedDoc(requested, reduced);
      const entry = HELP_CATALOG[served]!;
      // The name is a catalog key at this point, so it cannot walk out of the help folder.
      let content = await readFile(resolve(HELP_DIR, lang, `${served}.html`), 'utf8');
      if (reduced) content = content.replace(INTERNAL_ITEM, '').replace(EMPTY_GROUP, '');
      // help files are edited by hand and deployed as data: served through the one sanitiser
      content = sanitizeHtml(content);
      const links = [...new Set(entry.related)]
        .filter((d) => d !== MANUAL_DOC && d !== served && !(reduced && HELP_CATALOG[d]?.internal))
        .map((d) => ({ label: HELP_CATALOG[d]?.topic[lang] ?? d, url: `/help/${d}` }));
      return {
        doc: served,
        topic: entry.topic[lang],
        title: HELP_TITLE[lang],
        manualUrl: `/help/${MANUAL_DOC}`,
        links,
        content,
      };
    },
  };
}

export type HelpService = ReturnType<typeof helpService>;
