import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { FieldDef, FieldItem } from '../../../components/fields/index.ts';

export interface FormGroup {
  key: string;
  label?: string;
  fields: string[];
  collapsed?: boolean;
}

export interface WorkflowState {
  index?: number;
  name: string;
  label?: string;
  optional?: boolean;
  hidden?: boolean;
  back?: boolean;
  lock?: boolean;
}

/** GET /config/model/{lang}/{model}: labels already in the asked language. */
export interface ModelConfig {
  name: string;
  label?: string;
  subtypes?: Array<{ key: string; label?: string }>;
  list: { options: { pageSize?: number; sort?: string; count?: boolean; trash?: boolean } & Record<string, unknown>; fields: FieldDef[] };
  form: { options: { editStart?: boolean } & Record<string, unknown>; fields: FieldDef[]; groups: FormGroup[]; form_ref?: string };
  search?: string[];
  sort?: string[];
  actions?: Array<{ name: string; label?: string; permission?: string }>;
  permissions?: {
    supplierModel?: boolean;
    viewRoles?: string;
    editRoles?: string;
    createRoles?: string;
    deleteRoles?: string;
    duplicateSubtypes?: string[];
    duplicateRolesP011P013?: string;
    deleteRequiresNoConsumption?: boolean;
    /** edit-hidden states (approved ...) in which the model stays editable: master data */
    editableStates?: string[];
  };
  workflow?: { states: WorkflowState[]; transitions: Array<Record<string, unknown>> };
  readonly?: string[];
  submodels?: string[];
  _v?: number;
}

export interface PurchasingConfig {
  models?: Array<{ key: string; label: string; route: string }>;
  currencies?: FieldItem[];
  defaultCurrency?: string;
  taxCodes?: FieldItem[];
  priceConditions?: Array<FieldItem & { kind?: string }>;
}

export type DocumentData = Record<string, unknown> & {
  _id?: string;
  key?: string | null;
  doc?: { type?: string; subtype?: string | null };
  _state?: { current?: string; readonly?: boolean; created?: { ts?: string; user?: { _id?: string; name?: string } } };
  lines?: Array<Record<string, unknown>>;
  _version?: number;
};

export interface EditInfo {
  editing: { user: { _id?: string; name?: string; username?: string }; ts: string } | null;
}

const base = (model: string) => `/purchasing/${encodeURIComponent(model)}`;
const one = (model: string, id: string) => `${base(model)}/${encodeURIComponent(id)}`;

export const documentsUrl = (model: string, trash = false) => (trash ? `${base(model)}/trash` : base(model));

export const modelConfigQuery = (lang: string, model: string) =>
  queryOptions({
    queryKey: ['config', 'model', lang, model],
    queryFn: () => api.get<ModelConfig>(`/config/model/${encodeURIComponent(lang)}/${encodeURIComponent(model)}`),
    staleTime: 5 * 60_000,
    retry: false,
  });
export const useModelConfig = (lang: string, model: string) => useQuery(modelConfigQuery(lang, model));

export const purchasingConfigQuery = () =>
  queryOptions({
    queryKey: ['config', 'purchasing'],
    queryFn: () => api.get<PurchasingConfig>('/config/purchasing'),
    staleTime: 5 * 60_000,
    retry: false,
  });
export const usePurchasingConfig = () => useQuery(purchasingConfigQuery());

export const documentQuery = (model: string, id: string) =>
  queryOptions({
    queryKey: ['documents', model, id],
    queryFn: () => api.get<DocumentData>(one(model, id)),
    retry: false,
  });
export const useDocument = (model: string, id: string | undefined) =>
  useQuery({ ...documentQuery(model, id ?? ''), enabled: Boolean(id) && id !== 'new' });

export const createDocument = (model: string, body: DocumentData) => api.post<DocumentData>(base(model), body);
export const updateDocument = (model: string, id: string, body: DocumentData) => api.put<DocumentData>(one(model, id), body);
export const deleteDocument = (model: string, id: string) => api.delete<{ ok: true }>(one(model, id));
export const restoreDocument = (model: string, id: string) => api.post<DocumentData>(`${one(model, id)}/restore`, {});
export const purgeDocument = (model: string, id: string) => api.delete<{ ok: true }>(`${one(model, id)}/purge`);
export const editStart = (model: string, id: string) => api.get<EditInfo>(`${one(model, id)}/edit-start`);
export const editCheck = (model: string, id: string) => api.get<EditInfo>(`${one(model, id)}/edit-check`);

/** POST /purchasing/{model}/{id}/workflow: runs a workflow action; answers the updated document. */
export const runWorkflow = (model: string, id: string, body: { action: string; comment?: string; _version?: number }) =>
  api.post<DocumentData>(`${one(model, id)}/workflow`, body);

/**
 * POST /purchasing/{model}/{id}/reopen: reopens a closed or archived document (the model action
 * 'reopen'); answers the document, back in state updated.
 */
export const reopenDocument = (model: string, id: string, body: { comment?: string; _version?: number }) =>
  api.post<DocumentData>(`${one(model, id)}/reopen`, body);

/** POST /purchasing/{model}/{id}/duplicate: answers the new document. */
export const duplicateDocument = (model: string, id: string) => api.post<DocumentData>(`${one(model, id)}/duplicate`, {});

/** A message of the document timeline (GET /communication/messages/{model}/{id}). */
export interface TimelineMessageData {
  _id?: string;
  state?: string | null;
  ts?: string | null;
  user?: { _id?: string; name?: string } | string | null;
  text?: string | null;
  [k: string]: unknown;
}

export const timelineQuery = (model: string, id: string) =>
  queryOptions({
    queryKey: ['documents', model, id, 'messages'],
    queryFn: async () => {
      // the server answers {state, steps, items} with the messages already merged (each with a count)
      const res = await api.get<TimelineMessageData[] | { items?: TimelineMessageData[] }>(`/communication/messages/${encodeURIComponent(model)}/${encodeURIComponent(id)}`);
      return Array.isArray(res) ? res : (res?.items ?? []);
    },
    retry: false,
  });
