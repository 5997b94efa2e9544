import type { ColumnType, Generated, Kysely } from 'kysely';

/**
 * The typed description of every table. JSONB columns are read as parsed values but written as
 * JSON text, because pg would turn a JS array into a PostgreSQL array instead of JSON.
 */
export type Json<T> = ColumnType<T, string, string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DomainSettings {
  cstRequired?: boolean;
  ltdRequired?: boolean;
}

export interface DomainsTable {
  id: string;
  name: string;
  theme: string;
  logo: string;
  settings: ColumnType<DomainSettings, string | undefined, string>;
}

export interface RolesTable {
  key: string;
  name: string;
}

export interface OrgNodesTable {
  id: Generated<string>;
  domain_id: string;
  parent_id: string | null;
  type: 'company' | 'plant';
  key: string;
  label: string;
  group_id: string | null;
  position: Generated<number>;
}

export interface GroupFilter {
  item?: string[];
  plant?: string[];
}

export interface GroupsTable {
  id: Generated<string>;
  domain_id: string;
  key: string;
  name: string;
  filter: ColumnType<GroupFilter, string | undefined, string>;
}

export interface LocationsTable {
  id: Generated<string>;
  domain_id: string;
  key: string;
  name: string;
  address: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface WorkgroupsTable {
  id: Generated<string>;
  domain_id: string;
  key: string;
  name: string;
}

export type SupplierStatus = 'active' | 'pending' | 'rejected';

export interface SuppliersTable {
  id: Generated<string>;
  domain_id: string;
  name: string;
  vat: string;
  status: ColumnType<SupplierStatus, SupplierStatus | undefined, SupplierStatus>;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export type UserStatus = 'active' | 'pending' | 'disabled';

export interface UserContextColumn {
  group?: string | null;
  location?: string | null;
  plant?: string | null;
  workgroup?: string | null;
  active?: 'organization' | 'group' | null;
}

export interface UserSettings {
  /** Where the home page sends this user (GET /profile/user/home). */
  homeRedirect?: string;
}

export interface UsersTable {
  id: Generated<string>;
  domain_id: string;
  username: string;
  name: string;
  email: string;
  password_hash: string | null;
  role_key: string;
  lang: ColumnType<string, string | undefined, string>;
  supplier_id: string | null;
  profile: ColumnType<string[], string[] | undefined, string[]>;
  filter: ColumnType<GroupFilter, string | undefined, string>;
  filter_data: ColumnType<boolean, boolean | undefined, boolean>;
  context: ColumnType<UserContextColumn, string | undefined, string>;
  settings: ColumnType<UserSettings, string | undefined, string>;
  status: UserStatus;
  created_at: CreatedAt;
  /** a 'Forgot password' request not yet answered by a link (migration 0022) */
  password_reset_requested_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface UserRolesTable {
  user_id: string;
  role_key: string;
}

export interface UserGroupsTable {
  user_id: string;
  group_id: string;
}

export interface UserLocationsTable {
  user_id: string;
  location_id: string;
}

export interface UserWorkgroupsTable {
  user_id: string;
  workgroup_id: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  domain_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface PasswordTokensTable {
  token_hash: string;
  user_id: string;
  domain_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export type RegistrationStatus = 'pending' | 'approved' | 'rejected';

export interface SupplierRegistrationsTable {
  id: Generated<string>;
  domain_id: string;
  status: RegistrationStatus;
  payload: Json<Record<string, unknown>>;
  supplier_id: string;
  user_id: string;
  created_at: CreatedAt;
  decided_by: string | null;
  decided_at: NullableTimestamp;
}

export interface NotificationsTable {
  id: Generated<string>;
  domain_id: string;
  user_id: string;
  text: string;
  link: string | null;
  icon: string | null;
  read: ColumnType<boolean, boolean | undefined, boolean>;
  ts: CreatedAt;
}

/** Application settings as data; domain_id '*' holds the defaults for every domain. */
export interface AppSettingsTable {
  domain_id: string;
  key: string;
  value: Json<unknown>;
}

/** bigint and numeric columns: read back as strings (or numbers on some drivers); always String() them. */
type Numeric = ColumnType<string, string | number | undefined, string | number>;

export interface DocumentsTable {
  id: ColumnType<string, never, never>;
  domain_id: string;
  model: string;
  type: string;
  subtype: string | null;
  key: string | null;
  state: ColumnType<string, string | undefined, string>;
  supplier_id: string | null;
  requester_id: string | null;
  group_id: string | null;
  plant: string | null;
  created_by: string;
  created_at: CreatedAt;
  updated_by: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  version: ColumnType<number, number | undefined, number>;
  deleted: ColumnType<boolean, boolean | undefined, boolean>;
  data: Json<Record<string, unknown>>;
  gross_value: Numeric;
  discount_value: Numeric;
  cost_value: Numeric;
  net_value: Numeric;
  tax_value: Numeric;
  value: Numeric;
  list_value: Numeric;
  /** written by a trigger from key and data without the role-restricted fields (migration 0014) */
  search: ColumnType<string, never, never>;
}

export interface DocumentLinesTable {
  document_id: string;
  domain_id: string;
  pos: number;
  subpos: ColumnType<number, number | undefined, number>;
  data: Json<Record<string, unknown>>;
  quantity: Numeric;
  price: Numeric;
  value: Numeric;
}

export interface ModelConfigsTable {
  domain_id: string | null;
  model: string;
  version: number;
  config: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  created_by: string | null;
}

export interface DocumentEditsTable {
  document_id: string;
  user_id: string;
  domain_id: string;
  ts: Timestamp;
}

/** The paths the full-text index leaves out, per model; domain_key '*' for the shipped default. */
export interface DocumentSearchHiddenTable {
  domain_key: string;
  model: string;
  paths: string[];
}

/** The last number handed out per tenant and model (document keys are the server's). */
export interface DocumentKeyCountersTable {
  domain_id: string;
  model: string;
  last: Numeric;
}

export interface Database {
  domains: DomainsTable;
  roles: RolesTable;
  org_nodes: OrgNodesTable;
  groups: GroupsTable;
  locations: LocationsTable;
  workgroups: WorkgroupsTable;
  suppliers: SuppliersTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  user_groups: UserGroupsTable;
  user_locations: UserLocationsTable;
  user_workgroups: UserWorkgroupsTable;
  sessions: SessionsTable;
  password_tokens: PasswordTokensTable;
  supplier_registrations: SupplierRegistrationsTable;
  notifications: NotificationsTable;
  app_settings: AppSettingsTable;
  documents: DocumentsTable;
  document_lines: DocumentLinesTable;
  model_configs: ModelConfigsTable;
  document_edits: DocumentEditsTable;
  document_search_hidden: DocumentSearchHiddenTable;
  document_key_counters: DocumentKeyCountersTable;
}

export type Db = Kysely<Database>;

/** JSONB values are always written as JSON text (see the note at the top). */
export const json = (value: unknown): string => JSON.stringify(value);
