export { FavoriteToggle, type FavoriteToggleProps } from './components/FavoriteToggle.tsx';
export { FavoritesList, FAVORITES_SHOWN } from './components/FavoritesList.tsx';
