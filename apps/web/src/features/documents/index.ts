export { DocumentListPage, type DocumentListPageProps } from './components/DocumentListPage.tsx';
export { DocumentForm } from './components/DocumentForm.tsx';
export { DocumentFormPage, DocumentReadPage } from './components/pages.tsx';
export type { FavoriteSlot } from './slots.ts';
