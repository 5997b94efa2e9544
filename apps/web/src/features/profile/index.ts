export { AccountPage } from './components/AccountPage.tsx';
export { UserAvatar, type UserAvatarProps } from './components/UserAvatar.tsx';
