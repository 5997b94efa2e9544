/**
 * Messages of the ERP integration and its monitor (apps/server/src/erp) in every language; the
 * English text is the one the server gives. `{name}` marks a parameter.
 */
import type { CatalogueEntry } from './catalogue-entry.ts';

export const ERP_MESSAGES = {
  'ihub.forbidden': {
    en: 'Only the integration monitor roles may do this.',
    pt: 'Só os perfis do monitor de integração podem fazer isto.',
  },
  'ihub.not-found': { en: 'No such ERP message.', pt: 'Mensagem do ERP inexistente.' },
  'ihub.not-waiting': {
    en: 'The document is no longer waiting for the ERP: resend it from its form.',
    pt: 'O documento já não está à espera do ERP: reenvie-o a partir do formulário.',
  },
  'ihub.not-retryable': {
    en: 'A {status} message cannot be sent again.',
    pt: 'Uma mensagem no estado {status} não pode ser reenviada.',
  },
  'ihub.not-cancellable': {
    en: 'A {status} message cannot be cancelled.',
    pt: 'Uma mensagem no estado {status} não pode ser cancelada.',
  },
  'erp.unspsc-fail': {
    en: 'UNSPSC Code outside the scope of integration',
    pt: 'Código UNSPSC fora do âmbito da integração',
  },
  'erp.unspsc-file': {
    en: 'Not an UNSPSC file: the columns Segment, Segment Title, Family, Family Title, Class, Class Title, Commodity and Commodity Title are needed.',
    pt: 'Não é um ficheiro UNSPSC: são precisas as colunas Segment, Segment Title, Family, Family Title, Class, Class Title, Commodity e Commodity Title.',
  },
  'unspsc.unknown-code': {
    en: 'Unknown UNSPSC code: pick a code of the code set.',
    pt: 'Código UNSPSC desconhecido: escolha um código da lista de códigos.',
  },
  'unspsc.item-not-found': { en: 'No such item.', pt: 'Artigo inexistente.' },
  'erp.no-message': {
    en: 'No ERP message for this document.',
    pt: 'Não há mensagem do ERP para este documento.',
  },
} as const satisfies Record<string, CatalogueEntry>;
