/**
 * The HTTP contract shared by the server and the web app. Every path is relative to the API base
 * `/api` (see ARCHITECTURE.md). Each payload is declared once, as a TypeBox schema in the modules
 * below (`@p2p/domain/api`): the server validates requests and serialises answers with them and
 * publishes them at /api/docs; the types here are their `Static` types. This module re-exports the
 * types only, so the web app's bundle does not carry the schemas.
 */

export const API_BASE = '/api';

/** Request headers read on every call (seed 000 section 7). */
export const HEADERS = {
  /** `Authorization: Bearer <token>` */
  authorization: 'authorization',
  domain: 'x-p2p-domain',
  user: 'x-p2p-user',
  /** base64 of the JSON UserContext, see encodeContext in shell/context.ts */
  context: 'x-p2p-context',
} as const;

export type * from './schema.ts';
export type * from './errors.ts';
export type * from './session.ts';
export type * from './password-links.ts';
export type * from './config.ts';
export type * from './profile.ts';
export type * from './notifications.ts';
export type * from './documents.ts';
export type * from './files.ts';
export type * from './search.ts';
export type * from './reference.ts';
export type * from './admin.ts';
export type * from './health.ts';
export type * from './audit.ts';
export type * from './approvals.ts';
