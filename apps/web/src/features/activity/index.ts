export {
  ActivityCard,
  ACTIVITY_STORAGE_KEY,
  type ActivityCardProps,
  type ActivitySettings,
} from './components/ActivityCard.tsx';
