export { MessageBox, type MessageBoxProps } from './components/MessageBox.tsx';
