/** The fixed words of approvals (seed 000 sections 3 and 4, the approvals issue). */

/** Approvals run as documents of their own model; suppliers never see it (supplierModel false). */
export const APPROVAL_MODEL = 'approval';

/** The models whose submit-approval is decided by approval rules. */
export const APPROVAL_PARENT_MODELS = ['requisition', 'order', 'contract'] as const;
export type ApprovalParentModel = (typeof APPROVAL_PARENT_MODELS)[number];
export const isApprovalParentModel = (model: string): model is ApprovalParentModel =>
  (APPROVAL_PARENT_MODELS as readonly string[]).includes(model);

/** The states of an approval document: it waits in the two approval states, then ends. */
export const APPROVAL_DOCUMENT_STATES = {
  waiting: 'manager-approval',
  consulting: 'consulting-approval',
  completed: 'completed',
  rejected: 'rejected',
} as const;

/** One approver, every holder of a role (any one of them decides), or a committee where N of M approve. */
export const APPROVAL_LEVEL_KINDS = ['user', 'role', 'committee'] as const;
export type ApprovalLevelKind = (typeof APPROVAL_LEVEL_KINDS)[number];

export const APPROVAL_DECISIONS = ['approve', 'reject'] as const;
export type ApprovalDecisionKind = (typeof APPROVAL_DECISIONS)[number];

/** What a timeline entry of an approval records: a vote, a request for an opinion, an opinion. */
export const APPROVAL_RECORD_KINDS = ['approve', 'reject', 'request', 'opinion'] as const;

/**
 * A level left without anyone (every candidate is an author of the document, or gone) falls to the
 * holders of this role in the tenant, the authors excluded; so does a document no rule matches.
 */
export const APPROVAL_FALLBACK_ROLE = 'manager';

/** The conditions a rule may set; a rule without any matches every document of its model. */
export const APPROVAL_CONDITION_KEYS = [
  'subtypes',
  'groups',
  'plants',
  'suppliers',
  'amount',
  'unspsc',
  'lineTypes',
] as const;
export type ApprovalConditionKey = (typeof APPROVAL_CONDITION_KEYS)[number];

/** The company currency: amount tiers are written in it and documents are converted to it. */
export const APPROVAL_COMPANY_CURRENCY = 'EUR';

/** Delegations are followed this many hops at most (A to B to C ...); a circle stops earlier. */
export const MAX_DELEGATION_HOPS = 5;

export const APPROVAL_LIMITS = {
  levels: 10,
  members: 50,
  listEntries: 100,
  nameLength: 120,
  priority: 10_000,
} as const;

/** A calendar date 'yyyy-MM-dd' (delegation ranges). */
export const ISO_DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
/** An amount tier: a plain decimal with at most two decimals, in the company currency. */
export const TIER_AMOUNT_PATTERN = '^[0-9]{1,15}(\\.[0-9]{1,2})?$';
/** An UNSPSC prefix: the segment (2 digits) down to the commodity (8 digits). */
export const UNSPSC_PREFIX_PATTERN = '^[0-9]{2,8}$';
