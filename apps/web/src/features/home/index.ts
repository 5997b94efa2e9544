export { HomePage } from './components/HomePage.tsx';
