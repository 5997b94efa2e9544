export { ApprovalPanel, type ApprovalPanelProps } from './components/ApprovalPanel.tsx';
export { ApprovalRulesEditor } from './components/ApprovalRulesEditor.tsx';
export { DelegationCard } from './components/DelegationCard.tsx';
