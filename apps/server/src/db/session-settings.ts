/**
 * Settings every database session starts with (connect.ts applies them as the session opens, so no
 * query needs a transaction to set them). They live in db/ because the connection owns them; the
 * features that depend on a value import it from here.
 */

/**
 * Word similarity a misspelt name must reach in the reference look-ups ('hydralic' vs 'hydraulic' is
 * 0.58; pg_trgm's default is 0.6). reference/trigram.ts filters with `<%`, which reads this setting.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
const TRIGRAM_SETTING = 'pg_trgm.word_similarity_threshold';

export const SESSION_SETTINGS: Readonly<Record<string, string>> = {
  [TRIGRAM_SETTING]: String(WORD_SIMILARITY_THRESHOLD),
};
