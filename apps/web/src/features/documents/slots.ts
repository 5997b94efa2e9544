import type { ComponentType } from 'react';

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
