/**
 * Messages of the document engine in every language: validation of a save, its header references,
 * permissions, workflow moves, trash, lists. The English text is the one the server always gave
 * (seed texts exactly); where the domain holds the English text as a constant, the entry takes it
 * from there, so the two never drift. `{name}` marks a parameter.
 */
import { REOPEN_LIMIT_DAYS } from '../shell/constants.ts';
import { VERDICT_REASONS } from '../documents/permissions.ts';
import { REASONS } from '../documents/transitions.ts';
import type { CatalogueEntry } from './catalogue-entry.ts';

export const DOCUMENT_MESSAGES = {
  // field validation (validation.ts, text-length.ts): the label is a parameter in the caller's language
  'validation.required': { en: '{label} is required.', pt: 'O campo {label} é obrigatório.', byText: false },
  'validation.too-long': {
    en: '{label} is too long (at most {max} characters).',
    pt: 'O campo {label} é demasiado longo (no máximo {max} caracteres).',
    byText: false,
  },
  // the header of a save (document.save.ts)
  'document.subtype-required': { en: 'Subtype is required.', pt: 'O subtipo é obrigatório.' },
  'document.subtype-unknown': { en: "Unknown subtype '{subtype}'.", pt: "Subtipo '{subtype}' desconhecido." },
  'document.supplier-unknown': { en: 'Unknown supplier.', pt: 'Fornecedor desconhecido.' },
  'document.requester-unknown': { en: 'Unknown requester.', pt: 'Requisitante desconhecido.' },
  'document.group-unknown': { en: 'Unknown group.', pt: 'Grupo desconhecido.' },
  'document.group-not-own': {
    en: 'You can only file documents into your own groups.',
    pt: 'Só pode arquivar documentos nos seus próprios grupos.',
  },
  'document.key-server': {
    en: 'Document numbers are assigned by the server.',
    pt: 'Os números dos documentos são atribuídos pelo servidor.',
  },
  'document.version-required': { en: '_version is required.', pt: 'O campo _version é obrigatório.' },
  'document.field-forbidden': {
    en: "You are not allowed to change '{label}'.",
    pt: "Não tem permissão para alterar '{label}'.",
  },
  'document.duplicate-forbidden': {
    en: 'You are not allowed to duplicate this document.',
    pt: 'Não tem permissão para duplicar este documento.',
  },
  'document.key-taken': {
    en: "The number '{key}' is already used by another document.",
    pt: "O número '{key}' já é usado por outro documento.",
  },
  // pricing (document.pricing.ts)
  'document.line-twice': {
    en: 'Line {pos}/{subpos} appears twice.',
    pt: 'A linha {pos}/{subpos} aparece duas vezes.',
  },
  'document.tax-unknown': {
    en: "Unknown tax code '{code}'.",
    pt: "Código de imposto '{code}' desconhecido.",
  },
  // access to documents and models (document.access.ts, document.scope.ts, document.permissions.ts)
  'document.not-found': { en: 'Document not found.', pt: 'Documento não encontrado.' },
  'document.stale': {
    en: 'The document was changed by someone else; reload it and try again.',
    pt: 'O documento foi alterado por outra pessoa; recarregue-o e tente novamente.',
  },
  'document.model-unknown': { en: "Unknown model '{model}'.", pt: "Modelo '{model}' desconhecido." },
  'document.model-unconfigured': {
    en: "Model '{model}' has no configuration.",
    pt: "O modelo '{model}' não tem configuração.",
  },
  'document.form-group-unknown': {
    en: "Unknown form group '{id}'.",
    pt: "Grupo de formulário '{id}' desconhecido.",
  },
  'document.view-forbidden': {
    en: "You are not allowed to view model '{model}'.",
    pt: "Não tem permissão para ver o modelo '{model}'.",
  },
  'document.create-forbidden': {
    en: "You are not allowed to create documents of model '{model}'.",
    pt: "Não tem permissão para criar documentos do modelo '{model}'.",
  },
  'document.supplier-create-forbidden': {
    en: "Suppliers cannot create documents of model '{model}'.",
    pt: "Os fornecedores não podem criar documentos do modelo '{model}'.",
  },
  // the domain's verdicts (permissions.ts)
  'document.edit-role': {
    en: VERDICT_REASONS.editRole('{model}'),
    pt: "Não tem permissão para editar documentos do modelo '{model}'.",
  },
  'document.requester-order': {
    en: VERDICT_REASONS.requesterOrder,
    pt: 'Os requisitantes só editam encomendas dos seus grupos ou em que são requisitante, destinatário ou gestor.',
  },
  'document.edit-state': {
    en: VERDICT_REASONS.editState('{state}'),
    pt: "O documento não pode ser editado no estado '{state}'.",
  },
  'document.read-only': { en: VERDICT_REASONS.readOnly, pt: 'O documento é só de leitura.' },
  'document.delete-role': {
    en: VERDICT_REASONS.deleteRole('{model}'),
    pt: "Não tem permissão para eliminar documentos do modelo '{model}'.",
  },
  'document.supplier-delete-model': {
    en: VERDICT_REASONS.supplierDeleteModel('{model}'),
    pt: "Os fornecedores não podem eliminar documentos do modelo '{model}'.",
  },
  'document.supplier-delete-own': {
    en: VERDICT_REASONS.supplierDeleteOwn,
    pt: 'Os fornecedores só eliminam os seus próprios documentos.',
  },
  'document.not-deletable': {
    en: VERDICT_REASONS.notDeletable,
    pt: 'Só podem ser eliminados documentos nos estados created, updated, rejected ou erp-fail que não estejam no ERP (sem número de 10 dígitos).',
  },
  'document.consumed': {
    en: VERDICT_REASONS.consumed,
    pt: 'Um documento com linhas consumidas não pode ser eliminado.',
  },
  // workflow moves (transitions.ts, document.workflow.ts)
  'workflow.reopen-limit': {
    en: REASONS.reopenLimit,
    pt: `O documento foi criado há mais de ${REOPEN_LIMIT_DAYS} dias.`,
  },
  'workflow.confirm-negotiation': {
    en: REASONS.confirmNegotiation,
    pt: 'Só um comprador pode confirmar um documento em negociação.',
  },
  'workflow.keyed-requisition': { en: REASONS.keyedRequisition, pt: 'A requisição já está no ERP.' },
  'workflow.return-buyer': {
    en: REASONS.returnBuyer,
    pt: 'Só os documentos de consulta ao mercado podem ser devolvidos ao comprador.',
  },
  'workflow.deleted': {
    en: 'A deleted document does not change state.',
    pt: 'Um documento eliminado não muda de estado.',
  },
  'workflow.not-available': {
    en: "The action '{action}' is not available in state '{state}'.",
    pt: "A ação '{action}' não está disponível no estado '{state}'.",
  },
  'workflow.disabled': { en: 'The action is disabled.', pt: 'A ação está desativada.' },
  'workflow.comment-required': { en: 'A comment is required.', pt: 'É obrigatório um comentário.' },
  'document.zero-value': {
    en: 'A requisition valued 0.00 cannot be submitted for approval: enter an estimated price on its lines.',
    pt: 'Uma requisição com valor 0,00 não pode ser submetida para aprovação: indique um preço estimado nas linhas.',
  },
  'workflow.no-target': {
    en: "The action '{action}' has no target state.",
    pt: "A ação '{action}' não tem estado de destino.",
  },
  'document.reopen-state': {
    en: 'Only closed or archived documents can be reopened.',
    pt: 'Só os documentos fechados ou arquivados podem ser reabertos.',
  },
  'document.reopen-not-available': {
    en: "Documents of model '{model}' cannot be reopened.",
    pt: "Os documentos do modelo '{model}' não podem ser reabertos.",
  },
  'document.reopen-forbidden': {
    en: 'You are not allowed to reopen this document.',
    pt: 'Não tem permissão para reabrir este documento.',
  },
  'document.reopen-disabled': { en: 'Reopen is disabled.', pt: 'A reabertura está desativada.' },
  // the trash (document.trash.ts)
  'document.not-in-trash': { en: 'The document is not in the trash.', pt: 'O documento não está no lixo.' },
  'document.purge-forbidden': {
    en: 'Only administrators can purge documents.',
    pt: 'Só os administradores podem eliminar documentos definitivamente.',
  },
  'document.purge-not-in-trash': {
    en: 'Only documents in the trash can be purged.',
    pt: 'Só os documentos no lixo podem ser eliminados definitivamente.',
  },
  // lists (document.fields.ts)
  'document.sort-forbidden': {
    en: "Sorting by '{src}' is not allowed.",
    pt: "Não é permitido ordenar por '{src}'.",
  },
  'document.filter-forbidden': {
    en: "Filtering by '{src}' is not allowed.",
    pt: "Não é permitido filtrar por '{src}'.",
  },
} as const satisfies Record<string, CatalogueEntry>;
