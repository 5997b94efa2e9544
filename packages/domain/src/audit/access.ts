import { hasRole, isSupplier, type RoleHolder } from '../roles/roles.ts';

/**
 * Who reads the audit trail, and the words it is written in. The trail records every change of a
 * document, a configuration, a user or a permission; auditors and administrators read it (in the
 * app and as a CSV export), nobody else, and never a supplier, whatever else they hold.
 */

/** The roles that read the audit trail. */
export const AUDIT_READER_ROLES = 'auditor,admin';

export function canReadAudit(user: RoleHolder | null | undefined): boolean {
  return hasRole(user, AUDIT_READER_ROLES) && !isSupplier(user);
}

/** What an event is about. The column is free text so a new feature can add its own entity. */
export const AUDIT_ENTITIES = [
  'document',
  'model-config',
  'settings',
  'user',
  'permission',
  'group',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** What happened. Free text in the table too; these are the ones the app writes and filters by. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'purge',
  'restore',
  'duplicate',
  'transition',
  'reopen',
  'enable',
  'disable',
  'config',
  'password-change',
  'sign-in-lock',
  'unlock',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The most rows one CSV export carries; a narrower filter exports the rest. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
