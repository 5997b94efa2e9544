/** Constants of seed 000 sections 2, 7, 8, 9 and seed 001 section 9. */

export const PAGING = { page: 1, pageSize: 30, sort: '-_id' } as const;

export const TIMEOUTS = {
  /** default fetch timeout */
  fetchMs: 60_000,
  /** config fetches */
  configMs: 120_000,
  /** long requests (reports, exports) */
  longMs: 600_000,
  /** chunk load timeout for lazily loaded views */
  chunkMs: 120_000,
} as const;

export const VERSION_POLL_MS = 10 * 60 * 1000;
export const OFFLINE_POLL_MS = 15_000;
export const OFFLINE_POLL_PATH = '/config/routes/en';
export const REOPEN_LIMIT_DAYS = 365;
export const DELIVERY_LOCK_THRESHOLD = 500;
export const SORT_DEBOUNCE_MS = 500;
export const PAGING_THROTTLE_MS = 500;

/** Exact texts of the error catalogue (seed 000 section 8). */
export const MESSAGES = {
  offline:
    'Application is offline, this page will automatically refresh when it will be available again. We apologize for the inconvenience, if you need any assistance, please contact helpdesk.',
  tooManyRequests: 'Too many requests, please try again later.',
  network: 'Network connection problems, please try again later.',
  tokenInvalid: 'The authentication token is not valid.',
  helpTitle: 'P2P online help',
  acceptTerms: 'I agree to these terms and conditions',
  keepWorkingIn: 'Keep working in',
  selectFromList: 'or select one from the list below',
} as const;

export type ToastSeverity = 'success' | 'info' | 'warn' | 'error' | 'primary';
/** Display times: success and info 3 s, warning and danger 5 s, primary 3 s. */
export const TOAST_LIFE_MS: Record<ToastSeverity, number> = {
  success: 3000,
  info: 3000,
  warn: 5000,
  error: 5000,
  primary: 3000,
};
export const TOAST_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
  'center',
] as const;
export type ToastPosition = (typeof TOAST_POSITIONS)[number];
/** Default toast group 'br' (bottom right) of seed 001 section 9. */
export const TOAST_DEFAULT_POSITION: ToastPosition = 'bottom-right';
export const INLINE_MESSAGE_MS = 3000;

/** Fixed routes of seed 000 section 2 with their layouts. */
export const FIXED_ROUTES = [
  { path: '/', name: 'home', layout: 'default' },
  { path: '/signin', name: 'signin', layout: 'empty' },
  { path: '/signup', name: 'signup', layout: 'empty' },
  { path: '/set-password/:id', name: 'set-password', layout: 'empty' },
  { path: '/forgot-password', name: 'forgot-password', layout: 'empty' },
  { path: '/supplierRegistration', name: 'supplierRegistration', layout: 'empty' },
  { path: '/account', name: 'account', layout: 'default' },
  { path: '/map/:markerData?', name: 'map', layout: 'default' },
  { path: '/frame/:source', name: 'frame', layout: 'default' },
  { path: '/admin', name: 'admin', layout: 'default' },
  { path: '/read/:type/:id', name: 'read', layout: 'read' },
  { path: '/offline', name: 'offline', layout: 'empty' },
  { path: '/search/:model?', name: 'search', layout: 'default' },
  { path: '/help/:doc?', name: 'help', layout: 'large' },
  { path: '/chat/create', name: 'chat-create', layout: 'default' },
] as const;

/** Routes that pass the navigation guard without a signed-in user. */
export const PUBLIC_ROUTES = [
  'signin',
  'signup',
  'set-password',
  'forgot-password',
  'supplierRegistration',
  'offline',
] as const;
