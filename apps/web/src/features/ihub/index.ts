// The integration monitor (/ihub) for ihub roles and administrators, and the ERP mode notice of /admin.
export { IhubMonitorPage } from './components/IhubMonitorPage.tsx';
export { IhubModeNotice } from './components/IhubModeNotice.tsx';
