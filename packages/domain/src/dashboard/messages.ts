/**
 * The dashboard's messages in every language, by key (seed 001 section 8: a save or reset answers
 * the server's message, shown as a done notice; a failure its message as a failure notice). The
 * English texts are the ones the server raises; the error handler finds them by text.
 */
import type { CatalogueEntry } from '../i18n/catalogue-entry.ts';
import { ACTIVITY_MAX_COUNT } from '../activity/kinds.ts';
import { DASHBOARD_LIMITS, DASHBOARD_MAX_COLS } from './constants.ts';

export const DASHBOARD_MESSAGES = {
  'dashboard.saved': { en: 'Dashboard saved', pt: 'Painel guardado' },
  // the role is a label in both languages, which only the producer can pass
  'dashboard.reset': {
    en: 'Dashboard reset to the default of the {role} role',
    pt: 'Painel reposto com a predefinição da função {role}',
    byText: false,
  },
  'dashboard.too-many-widgets': {
    en: `A dashboard holds at most ${DASHBOARD_LIMITS.items} widgets.`,
    pt: `Um painel tem no máximo ${DASHBOARD_LIMITS.items} widgets.`,
  },
  'dashboard.duplicate-id': {
    en: 'Two widgets have the same id.',
    pt: 'Dois widgets têm o mesmo identificador.',
  },
  'dashboard.outside-grid': {
    en: `The widget does not fit in the ${DASHBOARD_MAX_COLS} columns of the grid.`,
    pt: `O widget não cabe nas ${DASHBOARD_MAX_COLS} colunas da grelha.`,
  },
  'dashboard.min-above-max': {
    en: 'A minimum of the widget is above its maximum.',
    pt: 'Um mínimo do widget é superior ao seu máximo.',
  },
  'dashboard.params-too-large': {
    en: 'The settings of the widget are too large.',
    pt: 'As definições do widget são demasiado grandes.',
  },
  'dashboard.report-required': {
    en: 'The widget needs a report.',
    pt: 'O widget precisa de um relatório.',
  },
  'dashboard.report-unknown': {
    en: 'The report of the widget cannot be opened.',
    pt: 'Não é possível abrir o relatório do widget.',
  },
  'dashboard.activity-kind': {
    en: 'Unknown activity kind.',
    pt: 'Tipo de atividade desconhecido.',
  },
  'dashboard.activity-count': {
    en: `The number of items to show is a whole number from 1 to ${ACTIVITY_MAX_COUNT}.`,
    pt: `O número de itens a mostrar é um número inteiro de 1 a ${ACTIVITY_MAX_COUNT}.`,
  },
  'dashboard.frame-url': {
    en: 'The address of a frame starts with http://, https:// or /.',
    pt: 'O endereço de uma moldura começa por http://, https:// ou /.',
  },
  'dashboard.frame-source': {
    en: 'Unknown page for a frame.',
    pt: 'Página desconhecida para uma moldura.',
  },
} as const satisfies Record<string, CatalogueEntry>;

const en = (key: keyof typeof DASHBOARD_MESSAGES): string => DASHBOARD_MESSAGES[key].en;

/** The English texts the rules raise (the server translates them by text). */
export const DASHBOARD_TEXTS = {
  tooManyWidgets: en('dashboard.too-many-widgets'),
  duplicateId: en('dashboard.duplicate-id'),
  outsideGrid: en('dashboard.outside-grid'),
  minAboveMax: en('dashboard.min-above-max'),
  paramsTooLarge: en('dashboard.params-too-large'),
  reportRequired: en('dashboard.report-required'),
  reportUnknown: en('dashboard.report-unknown'),
  activityKind: en('dashboard.activity-kind'),
  activityCount: en('dashboard.activity-count'),
  frameUrl: en('dashboard.frame-url'),
  frameSource: en('dashboard.frame-source'),
} as const;
