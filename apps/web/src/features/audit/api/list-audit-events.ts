import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditList } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import type { AuditFilters } from '../filters.ts';

export interface AuditPageParams {
  filters: AuditFilters;
  page: number;
  size: number;
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (params: AuditPageParams) => ['audit', 'list', params] as const,
};

/** GET /audit?{filters}&p&l: one page of events, newest first, and how many match. */
export const listAuditEvents = ({ filters, page, size }: AuditPageParams) =>
  api.get<AuditList>('/audit', { query: { ...filters, p: page, l: size } });

export const auditEventsQuery = (params: AuditPageParams) =>
  queryOptions({
    queryKey: auditKeys.list(params),
    queryFn: () => listAuditEvents(params),
    placeholderData: keepPreviousData,
  });

export const useAuditEvents = (params: AuditPageParams) => useQuery(auditEventsQuery(params));
