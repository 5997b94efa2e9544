// SearchPage is loaded on demand (app/routes/pages.tsx): re-exporting it here, next to the header's
// HeaderSearch, would pull it into the entry chunk.
export { HeaderSearch } from './components/HeaderSearch.tsx';
