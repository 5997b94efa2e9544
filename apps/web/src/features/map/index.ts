export { MapPage } from './components/MapPage.tsx';
export { encodeMarkerData } from './components/marker-data.ts';
