export { Dashboard, type DashboardProps } from './components/Dashboard.tsx';
export type { ActivitySlotProps, DashboardSlots, ReportSlotProps } from './slots.ts';
