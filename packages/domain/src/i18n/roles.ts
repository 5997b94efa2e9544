/**
 * The names of the roles in every language. The roles table holds the English name (reference data
 * seeded on every start); the signed-in user reads the name in their own language.
 */
import type { RoleKey } from '../roles/roles.ts';
import { labelText } from '../documents/field-rules.ts';

export const ROLE_NAMES: Readonly<Record<RoleKey, { readonly en: string; readonly pt: string }>> = {
  admin: { en: 'Administrator', pt: 'Administrador' },
  manager: { en: 'Manager', pt: 'Gestor' },
  buyer: { en: 'Buyer', pt: 'Comprador' },
  auditor: { en: 'Auditor', pt: 'Auditor' },
  director: { en: 'Director', pt: 'Diretor' },
  'manager-purchasing': { en: 'Purchasing Manager', pt: 'Gestor de Compras' },
  'manager-supplier': { en: 'Supplier Manager', pt: 'Gestor de Fornecedores' },
  requester: { en: 'Requester', pt: 'Requisitante' },
  supplier: { en: 'Supplier', pt: 'Fornecedor' },
  'supplier-user': { en: 'Supplier User', pt: 'Utilizador do Fornecedor' },
  exc: { en: 'Exception Approver', pt: 'Aprovador de Exceções' },
  cexc: { en: 'Contract Exception Approver', pt: 'Aprovador de Exceções de Contratos' },
  'rfx-manager': { en: 'RFx Manager', pt: 'Gestor de RFx' },
  'ihub-operator': { en: 'Integration Hub Operator', pt: 'Operador do Hub de Integração' },
  system: { en: 'System', pt: 'Sistema' },
};

/** The name of a role in `lang`; `fallback` (the stored name) for a key this version does not know. */
export function roleName(key: string, lang: string | null | undefined, fallback = key): string {
  const names = Object.hasOwn(ROLE_NAMES, key) ? ROLE_NAMES[key as RoleKey] : undefined;
  return names ? labelText(names, lang ?? 'en') : fallback;
}
