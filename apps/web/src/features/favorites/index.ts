export { FavoriteToggle } from './components/FavoriteToggle.tsx';
export { FavoritesList, FAVORITES_SHOWN } from './components/FavoritesList.tsx';
export { useFavorites, favoriteIds, toggleFavorite, removeFavorite, type FavoriteGroup, type FavoriteItem } from './api/favorites.ts';
