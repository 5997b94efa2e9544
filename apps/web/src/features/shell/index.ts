export { Header, helpDocForPath } from './components/Header.tsx';
export { Sidebar } from './components/Sidebar.tsx';
export { GroupDrawer } from './components/GroupDrawer.tsx';
export { useNavigation, useUserGroups } from './api/shell.ts';
export { PHONE_QUERY, usePhoneLayout } from './use-phone-layout.ts';
