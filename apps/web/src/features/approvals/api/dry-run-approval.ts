import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApprovalPlan } from '@p2p/domain';
import { api } from '../../../lib/api-client.ts';
import { approvalKeys } from './approval-keys.ts';

/**
 * POST /automation/approval-dry-run/{model}[/{id}]: who would approve the document on submit, by
 * the rules the server applies then. A stored document is judged as stored (`draft` null) or with
 * the unsaved changes of its draft over it; a new document by its draft.
 */
export const dryRunApproval = (model: string, id: string | null, draft: Record<string, unknown> | null) =>
  api.post<ApprovalPlan>(
    `/automation/approval-dry-run/${encodeURIComponent(model)}${id ? `/${encodeURIComponent(id)}` : ''}`,
    draft ?? {},
  );

/** Each draft object judged gets a number: the query key names the draft without hashing its lines. */
const draftNumbers = new WeakMap<object, number>();
let lastDraftNumber = 0;
const draftNumber = (draft: Record<string, unknown> | null): number | null => {
  if (!draft) return null;
  let n = draftNumbers.get(draft);
  if (n === undefined) draftNumbers.set(draft, (n = ++lastDraftNumber));
  return n;
};

/** `draft` must be the same object while its content is the same (memoise it): a new object is asked again. */
export const dryRunQuery = (model: string, id: string | null, draft: Record<string, unknown> | null) =>
  queryOptions({
    queryKey: approvalKeys.plan(model, id, draftNumber(draft)),
    queryFn: () => dryRunApproval(model, id, draft),
    retry: false,
    // while a draft changes, the last plan stays on screen until the new one answers
    placeholderData: keepPreviousData,
  });

export const useDryRun = (
  model: string,
  id: string | null,
  draft: Record<string, unknown> | null,
  enabled: boolean,
) => useQuery({ ...dryRunQuery(model, id, draft), enabled });
