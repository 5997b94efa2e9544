/**
 * The dashboard of widgets: grid constants, layout rules, role defaults, gauge colours and its
 * messages. The payload types of its API are re-exported as types only (the web takes them here).
 */
export * from './constants.ts';
export * from './layout.ts';
export * from './role-defaults.ts';
export * from './messages.ts';
export type * from '../api/dashboard.ts';
