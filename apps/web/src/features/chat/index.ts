export { ChatCard } from './components/ChatCard.tsx';
export { ChatWidget } from './components/ChatWidget.tsx';
