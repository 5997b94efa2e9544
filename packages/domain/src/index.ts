export * from './api/contract.ts';
export * from './auth/password.ts';
export * from './auth/patterns.ts';
export * from './auth/sign-up.ts';
export * from './roles/roles.ts';
export * from './roles/group-options.ts';
export * from './roles/lookup-fields.ts';
export * from './shell/constants.ts';
export * from './shell/context.ts';
export * from './shell/errors.ts';
export * from './shell/org-tree.ts';
export * from './money/index.ts';
export * from './fields/index.ts';
export * from './files/limits.ts';
export * from './documents/index.ts';
// the server's messages and role names in every language, the caller's language
export * from './i18n/index.ts';
export * from './workflow/index.ts';
export * from './audit/index.ts';
export * from './approvals/index.ts';
export * from './activity/index.ts';
export * from './notes/index.ts';
// receiving and evaluations: open quantities, receipts, reversal, evaluation periods
export * from './receiving/index.ts';
export type * from './api/receiving.ts';
// the notes contract's types (the web reads the contract from here; contract.ts lists the older areas)
export type * from './api/notes.ts';
// reports: builder rules, intervals, time ranges, pipelines, dashboard 'what' options
export * from './reporting/index.ts';
export type * from './api/reporting.ts';
export * from './shell/html-policy.ts';
// the dashboard of widgets: grid, layout rules, role defaults, gauge colours (and its contract's types)
export * from './dashboard/index.ts';
// the delivery map and the calendar: constants, exact warnings, event types, and their contract
export * from './map/index.ts';
export type * from './api/map.ts';
export type * from './api/ihub.ts';
