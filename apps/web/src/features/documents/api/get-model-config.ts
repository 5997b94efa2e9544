import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ModelConfig } from './types.ts';

export const getModelConfig = (lang: string, model: string) =>
  api.get<ModelConfig>(`/config/model/${encodeURIComponent(lang)}/${encodeURIComponent(model)}`);

export const modelConfigQuery = (lang: string, model: string) =>
  queryOptions({
    queryKey: ['config', 'model', lang, model],
    queryFn: () => getModelConfig(lang, model),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useModelConfig = (lang: string, model: string) => useQuery(modelConfigQuery(lang, model));
