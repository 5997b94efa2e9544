import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isSupplier, type HelpDoc } from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import { notFound } from '../lib/app-error.ts';
import { sanitizeHtml } from '../lib/sanitize-html.ts';
import { SERVER_ROOT } from './env.ts';
import { HELP_CATALOG, HELP_TITLE, MANUAL_DOC } from './help-catalog.ts';

const HELP_DIR = resolve(SERVER_ROOT, 'help');
const INTERNAL_DOCS = Object.keys(HELP_CATALOG).filter((d) => HELP_CATALOG[d]?.internal);
// A list item linking an internal-only topic; suppliers get the manual without it.
const INTERNAL_ITEM = new RegExp(`<li>[^\\n]*href="/help/(${INTERNAL_DOCS.join('|')})"[^\\n]*</li>\\n?`, 'g');

/** Help documents from apps/server/help/{lang}/{doc}.html; suppliers get the reduced set. */
export function helpService() {
  return {
    async doc(caller: AuthContext, langParam: string, doc: string): Promise<HelpDoc> {
      const lang = langParam === 'pt' ? 'pt' : 'en';
      const entry = Object.hasOwn(HELP_CATALOG, doc) ? HELP_CATALOG[doc] : undefined;
      const reduced = isSupplier(caller.user);
      if (!entry || (reduced && entry.internal)) throw notFound('Help document not found.');
      // The name is a catalog key at this point, so it cannot walk out of the help folder.
      let content = await readFile(resolve(HELP_DIR, lang, `${doc}.html`), 'utf8');
      if (reduced) content = content.replace(INTERNAL_ITEM, '');
      // help files are edited by hand and deployed as data: served through the one sanitiser
      content = sanitizeHtml(content);
      const links = entry.related
        .filter((d) => !(reduced && HELP_CATALOG[d]?.internal))
        .map((d) => ({ label: HELP_CATALOG[d]?.topic[lang] ?? d, url: `/help/${d}` }));
      return {
        doc,
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
