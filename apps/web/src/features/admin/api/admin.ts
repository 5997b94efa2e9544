import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/admin/models: the effective version of each model in the caller's domain. */
export interface ModelSummary {
  model: string;
  version: number;
  updatedAt: string;
  updatedBy: string | null;
}

export interface ModelConfigVersion {
  model: string;
  version: number;
  config: Record<string, unknown>;
}

export interface VersionEntry {
  version: number;
  createdAt: string;
  createdBy: string | null;
  shipped?: boolean;
}

export interface ConfigError {
  field?: string;
  message: string;
}

export interface ValidationResult {
  valid: boolean;
  errors: ConfigError[];
}

const base = (model: string) => `/admin/models/${encodeURIComponent(model)}`;

export const adminKeys = {
  all: ['admin', 'models'] as const,
  model: (model: string) => ['admin', 'models', model] as const,
  versions: (model: string) => ['admin', 'models', model, 'versions'] as const,
};

export const modelsQuery = () =>
  queryOptions({
    queryKey: adminKeys.all,
    queryFn: () => api.get<ModelSummary[]>('/admin/models'),
    retry: false,
  });
export const useAdminModels = (enabled = true) => useQuery({ ...modelsQuery(), enabled });

export const modelQuery = (model: string) =>
  queryOptions({
    queryKey: adminKeys.model(model),
    queryFn: () => api.get<ModelConfigVersion>(base(model)),
    retry: false,
  });
export const useAdminModel = (model: string | null) =>
  useQuery({ ...modelQuery(model ?? ''), enabled: Boolean(model) });

export const versionsQuery = (model: string) =>
  queryOptions({
    queryKey: adminKeys.versions(model),
    queryFn: () => api.get<VersionEntry[]>(`${base(model)}/versions`),
    retry: false,
  });
export const useAdminVersions = (model: string | null) =>
  useQuery({ ...versionsQuery(model ?? ''), enabled: Boolean(model) });

export const fetchVersion = (model: string, version: number) =>
  api.get<ModelConfigVersion>(`${base(model)}/versions/${version}`);

export const validateConfig = (model: string, config: unknown) =>
  api.post<ValidationResult>(`${base(model)}/validate`, { config });

/** Saves a new version; 409 when baseVersion is not the latest, 400 (errors) when invalid. */
export const saveConfig = (model: string, config: unknown, baseVersion: number) =>
  api.put<{ model: string; version: number }>(base(model), { config, baseVersion });

export const restoreVersion = (model: string, version: number) =>
  api.post<{ model: string; version: number }>(`${base(model)}/restore/${version}`, {});
