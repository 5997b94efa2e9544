export { DocumentListPage } from './components/DocumentListPage.tsx';
export { DocumentForm } from './components/DocumentForm.tsx';
export { DocumentFormPage, DocumentReadPage } from './components/pages.tsx';
