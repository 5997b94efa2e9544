import { useSyncExternalStore } from 'react';

/**
 * Below this width the header folds its tools into a menu and the sidebar becomes a closed overlay.
 * app.css, table.css and fields.css use the same breakpoint (767.98px: 768 px is a tablet, not a phone).
 */
export const PHONE_QUERY = '(max-width: 767.98px)';

const media = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_QUERY)
    : null;

const subscribe = (onChange: () => void) => {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};

const isPhone = () => media()?.matches ?? false;

/** Whether the screen is phone-sized; follows rotation and window resizes. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
