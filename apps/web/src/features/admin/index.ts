export { AdminPage } from './components/AdminPage.tsx';
