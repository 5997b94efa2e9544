/** The query keys of the approvals feature: everything under ['approvals']. */
export const approvalKeys = {
  all: ['approvals'] as const,
  view: (id: string) => ['approvals', 'view', id] as const,
  /** `draft`: the number of the draft judged (a key holding a 2,000-line draft costs a hash per render) */
  plan: (model: string, id: string | null, draft: number | null) =>
    ['approvals', 'plan', model, id, draft] as const,
  rules: () => ['approvals', 'rules'] as const,
  delegations: () => ['approvals', 'delegations'] as const,
};

/**
 * The documents feature keeps every document of a model under ['documents', model]: a decision
 * taken here moves the document (and its parent), so those are read again.
 */
export const documentsOf = (model: string) => ['documents', model] as const;
