// The page is loaded on demand from its own file (app/routes/pages.tsx); this is what else route modules use.
export { AuditHistoryLink } from './components/AuditHistoryLink.tsx';
export { historyPath } from './filters.ts';
