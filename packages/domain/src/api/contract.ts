/**
 * The HTTP contract shared by the server and the web app. Every path below is relative to the API
 * base `/api` (see ARCHITECTURE.md). Types here are the single description of each payload; the
 * server's TypeBox schemas must accept exactly these shapes.
 */

export const API_BASE = '/api';

/** Request headers read on every call (seed 000 section 7). */
export const HEADERS = {
  /** `Authorization: Bearer <token>` */
  authorization: 'authorization',
  domain: 'x-p2p-domain',
  user: 'x-p2p-user',
  /** base64 of the JSON UserContext, see encodeContext in shell/context.ts */
  context: 'x-p2p-context',
} as const;

/** Error body for every status >= 400 (ARCHITECTURE.md "Errors"). */
export interface ApiErrorLine {
  pos?: number;
  subpos?: number;
  key?: string;
}
export interface ApiFieldError {
  field?: string;
  line?: ApiErrorLine;
  message: string;
}
export interface ApiErrorBody {
  message: string;
  key: string;
  _status: number;
  data: { errors: ApiFieldError[] };
}

export interface RoleRef {
  key: string;
  name: string;
}

export interface UserContext {
  /**
   * One of the user's group ids, the group of a company or plant of the organization tree, or a
   * group-list option key ('all', 'all-groups', ...). null is 'Created by me'.
   */
  group?: string | null;
  location?: string | null;
  plant?: string | null;
  workgroup?: string | null;
  /** 'organization' when a plant/company was picked in the tree, 'group' for the group list */
  active?: 'organization' | 'group' | null;
}

export interface GroupEntry {
  _id: string;
  key: string;
  name: string;
}

export interface OrgNode {
  key: string;
  type: 'company' | 'plant';
  label: string;
  group: { _id: string };
  data?: Record<string, unknown>;
  children?: OrgNode[];
}

/** The signed-in user as the app sees it (seed 000 section 3 "User"). */
export interface SessionUser {
  _id: string;
  username: string;
  name: string;
  email: string;
  role: RoleRef;
  roles: RoleRef[];
  lang: string;
  domain: string;
  supplier?: { _id: string; name: string } | null;
  _profile: string[];
  group: GroupEntry | null;
  groups: GroupEntry[];
  filter: { item?: string[]; plant?: string[] };
  filterData: boolean;
  context: UserContext;
}

export interface SignInRequest {
  username: string;
  password: string;
  domain?: string;
}
export interface SignInResponse {
  token: string;
  /** ISO timestamp */
  expiresAt: string;
  user: SessionUser;
}

export interface SignUpRequest {
  username: string;
  name: string;
  email: string;
  password: string;
  domain?: string;
}

export interface SetPasswordRequest {
  password: string;
}

export interface SupplierRegistrationRequest {
  domain?: string;
  company: {
    name: string;
    vat: string;
    address: { street: string; housenum?: string; postcode: string; city: string; country: string };
    phone?: string;
    website?: string;
  };
  contact: { name: string; email: string; username: string; phone?: string };
  acceptTerms: boolean;
}
export interface SupplierRegistrationResponse {
  _id: string;
  status: 'pending' | 'approved' | 'rejected';
  message: string;
}
export interface SupplierRegistration extends SupplierRegistrationRequest {
  _id: string;
  status: 'pending' | 'approved' | 'rejected';
  createdAt: string;
}
/** Answer of approving a registration: the one-time set-password link for the new account. */
export interface SupplierApprovalResponse {
  message: string;
  userId: string;
  setPasswordPath: string;
}

export interface Domain {
  id: string;
  name: string;
  theme: string;
  logo: string;
}

export type ViewKind =
  | 'model'
  | 'list'
  | 'obj'
  | 'invoicesObj'
  | 'search'
  | 'help'
  | 'chat'
  | 'query'
  | 'notfound'
  | 'config-rule';

export interface RouteConfig {
  path: string;
  name: string;
  view: ViewKind;
  meta: { model?: string; form?: boolean; nav?: string; title?: string; layout?: Layout };
}

export type Layout = 'default' | 'empty' | 'read' | 'large';

export interface UiFlags {
  notifications: boolean;
  assistant: boolean;
  reload: boolean;
  domain: boolean;
  chat: boolean;
}

export interface ChatSettings {
  enabled: boolean;
  token?: string;
  host?: string;
  widget?: string;
}

/** GET /config/app/{lang} — public, read before sign-in. */
export interface AppConfig {
  version: string;
  languages: string[];
  defaultLang: string;
  flags: UiFlags;
  maintenance: boolean;
  /** When set, signed-out users go here instead of /signin. */
  externalLoginUrl: string | null;
  publicRoutes: string[];
  /** Further routes from server configuration (the fixed ones live in the web app). Empty in maintenance. */
  routes: RouteConfig[];
  domains: Domain[];
  chat: ChatSettings;
  offline: { ts: string; message: string } | null;
}

export interface NavItem {
  label: string;
  icon?: string;
  to?: string;
  children?: NavItem[];
  next?: NavItem[];
}

export type GroupOptionKey =
  'all' | 'assigned' | 'contracts-managed' | 'my-plants' | 'all-groups' | 'created-by-me';
export interface GroupOption {
  key: GroupOptionKey;
  label: string;
}

/** GET /profile/user/groups */
export interface UserGroupsResponse {
  groups: GroupEntry[];
  organization: OrgNode[];
  options: GroupOption[];
}

/** POST /profile/user/config */
export interface UserConfigRequest {
  context?: UserContext;
  lang?: string;
  domain?: string;
  favorites?: { model: string; id: string };
}
export interface UserConfigResponse {
  user: SessionUser;
  token?: string;
}

export interface Notification {
  _id: string;
  text: string;
  link?: string | null;
  icon?: string | null;
  read: boolean;
  ts: string;
}

export interface HelpLink {
  label: string;
  url: string;
}
/** GET /config/help/{lang}/{doc} */
export interface HelpDoc {
  doc: string;
  topic: string;
  title: string;
  manualUrl: string;
  links: HelpLink[];
  /** sanitized HTML produced by the server from its help sources */
  content: string;
}

export interface HealthResponse {
  status: 'ok';
  database: 'pglite' | 'postgres';
}
