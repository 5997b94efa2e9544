/**
 * `@p2p/domain/api`: the schemas of the HTTP contract, for the server (route validation,
 * serialisation, OpenAPI). The web app imports the types from `@p2p/domain` instead.
 */
export { API_BASE, HEADERS } from './contract.ts';
export * from './schema.ts';
export * from './errors.ts';
export * from './session.ts';
export * from './password-links.ts';
export * from './config.ts';
export * from './profile.ts';
export * from './notifications.ts';
export * from './activity.ts';
export * from './chat.ts';
export * from './documents.ts';
export * from './files.ts';
export * from './search.ts';
export * from './reference.ts';
export * from './admin.ts';
export * from './health.ts';
export * from './audit.ts';
export * from './approvals.ts';
export * from './notes.ts';
export * from './receiving.ts';
export * from './reporting.ts';
export * from './dashboard.ts';
export * from './map.ts';
export * from './policy.ts';
export * from './ihub.ts';
