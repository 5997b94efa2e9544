import type { AuditFilterRequest } from '@p2p/domain';

/**
 * The filters of the audit page live in its address (/audit?entity=document&entity_id=42), so a
 * document's page links to its history and a filtered view can be shared.
 */
export type AuditFilters = AuditFilterRequest;

export const FILTER_KEYS = ['entity', 'entity_id', 'model', 'actor', 'action', 'from', 'to'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export function filtersFromParams(params: URLSearchParams): AuditFilters {
  const out: AuditFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) out[key] = value;
  }
  return out;
}

export function filtersToParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

/** The address of one entity's history (a document's audit history link). */
export const historyPath = (entity: string, entityId: string, model?: string): string =>
  `/audit?${filtersToParams({ entity, entity_id: entityId, ...(model ? { model } : {}) }).toString()}`;
