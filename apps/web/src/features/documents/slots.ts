import type { ComponentType } from 'react';
import type { DocumentResponse } from '@p2p/domain';

/**
 * The favorites star of a document. The favorites feature owns it; the route module hands it to the
 * documents pages (features do not import each other), which show it where the server offers the
 * model action 'favorite'.
 */
export type FavoriteSlot = ComponentType<{
  model: string;
  id: string;
  size?: 'small' | 'normal';
  testId?: string;
}>;

/**
 * The link to a document's audit history. The audit feature owns it (and decides who sees it); the
 * route module hands it to the document form like the favorites star.
 */
export type AuditHistorySlot = ComponentType<{ model: string; id: string }>;

/**
 * Another feature's action on a stored document, shown with the form's actions while it is read:
 * the receiving feature's 'Create dispatch' and 'Receive goods' on confirmed orders (it decides
 * where it shows). The route module hands it to the form like the favorites star.
 */
export type DocumentActionSlot = ComponentType<{ model: string; doc: DocumentResponse }>;

/**
 * The approvals of a document: before submit, who will approve it and why (the dry run of the
 * server's rules); once submitted, the approval's progress. The approvals feature owns it; the route
 * module hands it to the form, which shows it below the groups.
 */
export type ApprovalSlot = ComponentType<{
  model: string;
  /** the stored document (absent while a new one is written) */
  doc: DocumentResponse | undefined;
  /** what the form shows now: the draft while editing */
  draft: Record<string, unknown>;
  mode: 'read' | 'edit' | 'create';
}>;
