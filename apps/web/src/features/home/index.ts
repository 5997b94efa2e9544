export { HomePage, SUPPLIER_HOME_MODELS, type HomePageProps } from './components/HomePage.tsx';
