export { FramePage } from './components/FramePage.tsx';
