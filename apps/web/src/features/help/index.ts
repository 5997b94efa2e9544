export { HelpPanel } from './components/HelpPanel.tsx';
export { HelpPage } from './components/HelpPage.tsx';
