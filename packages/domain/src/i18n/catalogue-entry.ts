/**
 * One message of the server in every language. `{name}` marks a parameter; the English text is the
 * one the server always gave. `byText: false` keeps an entry out of the look-up by English text
 * (translateText): its parameters are labels, which only a producer passing them can translate.
 */
export interface CatalogueEntry {
  readonly en: string;
  readonly pt: string;
  readonly byText?: false;
}
