export { SearchPage } from './components/SearchPage.tsx';
export { HeaderSearch } from './components/HeaderSearch.tsx';
