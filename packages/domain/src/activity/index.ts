/**
 * The user's activity around documents: recent activity, notification texts, chats, how a user is
 * shown (initials, photo). The payload types of their API are re-exported here as types only, so
 * the web app takes them from `@p2p/domain` without the schemas.
 */
export * from './kinds.ts';
export * from './user-display.ts';
export * from './notification-texts.ts';
export * from './chat.ts';
export type * from '../api/activity.ts';
export type * from '../api/chat.ts';
