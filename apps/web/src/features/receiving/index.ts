export { ReceivingActionButton, type ReceivingActionProps } from './components/ReceivingAction.tsx';
