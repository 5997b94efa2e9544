/**
 * Approvals: rules per model (admin), delegations (each user's own), the approval document's view
 * (GET /automation/approval/{approvalId}, seed 000 section 7), the dry run of the rules and the
 * request for an opinion. The rules themselves are in `approvals/` of this package.
 */
import { Type, type Static } from 'typebox';
import {
  APPROVAL_LEVEL_KINDS,
  APPROVAL_LIMITS,
  APPROVAL_PARENT_MODELS,
  APPROVAL_RECORD_KINDS,
  ISO_DATE_PATTERN,
  TIER_AMOUNT_PATTERN,
  UNSPSC_PREFIX_PATTERN,
} from '../approvals/constants.ts';
import { IsoTimeSchema, NamedRefSchema, OrNull, StringEnum } from './schema.ts';

const Id = Type.String({ minLength: 1, maxLength: 100 });
const list = (item: ReturnType<typeof Type.String>) =>
  Type.Optional(Type.Array(item, { maxItems: APPROVAL_LIMITS.listEntries }));

/** A user or a supplier as a rule or a delegation names it: the id decides, the name is shown. */
export const ApprovalPersonSchema = Type.Object({
  _id: Id,
  name: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ApprovalPerson = Static<typeof ApprovalPersonSchema>;

/**
 * When a rule applies; every condition given must hold, a list holds when the document's value is
 * in it. Amounts are net values in the company currency (min inclusive, max exclusive); UNSPSC
 * entries are code prefixes and line types are matched by any line of the document.
 */
export const ApprovalConditionsSchema = Type.Object(
  {
    subtypes: list(Type.String({ minLength: 1, maxLength: 10 })),
    groups: list(Id),
    plants: list(Type.String({ minLength: 1, maxLength: 40 })),
    /** suppliers as references: the name is kept so the rule reads well without another look-up */
    suppliers: Type.Optional(Type.Array(ApprovalPersonSchema, { maxItems: APPROVAL_LIMITS.listEntries })),
    amount: Type.Optional(
      Type.Object(
        {
          min: Type.Optional(Type.String({ pattern: TIER_AMOUNT_PATTERN })),
          max: Type.Optional(Type.String({ pattern: TIER_AMOUNT_PATTERN })),
        },
        { additionalProperties: false },
      ),
    ),
    unspsc: list(Type.String({ pattern: UNSPSC_PREFIX_PATTERN })),
    lineTypes: list(Type.String({ minLength: 1, maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type ApprovalConditions = Static<typeof ApprovalConditionsSchema>;

/** One level of a rule: a user, a role (any holder decides) or a committee (`required` of `members`). */
export const ApprovalLevelSpecSchema = Type.Object(
  {
    kind: StringEnum(APPROVAL_LEVEL_KINDS),
    user: Type.Optional(ApprovalPersonSchema),
    role: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    members: Type.Optional(Type.Array(ApprovalPersonSchema, { maxItems: APPROVAL_LIMITS.members })),
    required: Type.Optional(Type.Integer({ minimum: 1, maximum: APPROVAL_LIMITS.members })),
  },
  { additionalProperties: false },
);
export type ApprovalLevelSpec = Static<typeof ApprovalLevelSpecSchema>;

/** POST /admin/approval-rules and PUT /admin/approval-rules/{id} (`version`: the one the admin read). */
export const ApprovalRuleRequestSchema = Type.Object(
  {
    model: StringEnum(APPROVAL_PARENT_MODELS),
    name: Type.String({ minLength: 1, maxLength: APPROVAL_LIMITS.nameLength }),
    priority: Type.Integer({ minimum: 0, maximum: APPROVAL_LIMITS.priority }),
    conditions: ApprovalConditionsSchema,
    levels: Type.Array(ApprovalLevelSpecSchema, { minItems: 1, maxItems: APPROVAL_LIMITS.levels }),
    enabled: Type.Boolean(),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type ApprovalRuleRequest = Static<typeof ApprovalRuleRequestSchema>;

export const ApprovalRuleSchema = Type.Object({
  _id: Type.String(),
  model: Type.String(),
  name: Type.String(),
  priority: Type.Integer(),
  conditions: ApprovalConditionsSchema,
  levels: Type.Array(ApprovalLevelSpecSchema),
  enabled: Type.Boolean(),
  version: Type.Integer(),
  updatedAt: IsoTimeSchema,
});
export type ApprovalRule = Static<typeof ApprovalRuleSchema>;

export const ApprovalRuleListSchema = Type.Array(ApprovalRuleSchema);

export const ApprovalRuleQuerySchema = Type.Object({
  model: Type.Optional(StringEnum(APPROVAL_PARENT_MODELS)),
});

/** POST /approvals/delegations: the caller names a substitute from one day to another (inclusive). */
export const ApprovalDelegationRequestSchema = Type.Object(
  {
    substitute: ApprovalPersonSchema,
    startsOn: Type.String({ pattern: ISO_DATE_PATTERN, description: 'yyyy-MM-dd, first day' }),
    endsOn: Type.String({ pattern: ISO_DATE_PATTERN, description: 'yyyy-MM-dd, last day' }),
  },
  { additionalProperties: false },
);
export type ApprovalDelegationRequest = Static<typeof ApprovalDelegationRequestSchema>;

export const ApprovalDelegationSchema = Type.Object({
  _id: Type.String(),
  user: NamedRefSchema,
  substitute: NamedRefSchema,
  startsOn: Type.String(),
  endsOn: Type.String(),
});
export type ApprovalDelegation = Static<typeof ApprovalDelegationSchema>;
export const ApprovalDelegationListSchema = Type.Array(ApprovalDelegationSchema);

// ---------------------------------------------------------------- levels as resolved

/** An approver of a level; `onBehalfOf` is the user who delegated the seat. */
export const ApprovalMemberSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  onBehalfOf: Type.Optional(NamedRefSchema),
});
export type ApprovalMember = Static<typeof ApprovalMemberSchema>;

export const ApprovalVoteSchema = Type.Object({
  user: NamedRefSchema,
  onBehalfOf: Type.Optional(NamedRefSchema),
  decision: StringEnum(['approve', 'reject']),
  ts: IsoTimeSchema,
  comment: Type.String(),
  /** decided with the manager's right to act, not as a member of the level */
  asManager: Type.Optional(Type.Boolean()),
});
export type ApprovalVote = Static<typeof ApprovalVoteSchema>;

/** Why a rule matched: the condition and the document's value that met it. */
export const ApprovalReasonSchema = Type.Object({
  condition: Type.String(),
  value: Type.String(),
});
export type ApprovalReason = Static<typeof ApprovalReasonSchema>;

/** A level as the rules resolved it; `fallback`: nobody was left, so it fell to the tenant's managers. */
export const ApprovalLevelSchema = Type.Object({
  index: Type.Integer({ description: 'position in the sequence, from 0' }),
  rule: Type.Object({ _id: OrNull(Type.String()), name: Type.String() }),
  kind: StringEnum(APPROVAL_LEVEL_KINDS),
  role: Type.Optional(Type.String()),
  required: Type.Integer({ minimum: 0 }),
  members: Type.Array(ApprovalMemberSchema),
  decisions: Type.Array(ApprovalVoteSchema),
  fallback: Type.Boolean(),
  /** candidates left out: an author of the document never approves it */
  excluded: Type.Array(NamedRefSchema),
});
export type ApprovalLevel = Static<typeof ApprovalLevelSchema>;

export const ApprovalMatchedRuleSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  reasons: Type.Array(ApprovalReasonSchema),
});
export type ApprovalMatchedRule = Static<typeof ApprovalMatchedRuleSchema>;

/**
 * POST /automation/approval-dry-run/{model}[/{id}]: who will approve, in which order, and which
 * rule put each level there; the same function the server applies on submit.
 */
export const ApprovalPlanSchema = Type.Object({
  model: Type.String(),
  amount: OrNull(Type.String(), { description: 'net value in the company currency; null: no exchange rate' }),
  currency: Type.String({ description: 'the company currency' }),
  documentCurrency: Type.String(),
  rules: Type.Array(ApprovalMatchedRuleSchema),
  levels: Type.Array(ApprovalLevelSchema),
  /** no rule matched: the tenant's managers approve */
  fallback: Type.Boolean(),
  /** a level has nobody at all: submit is refused */
  blocked: Type.Boolean(),
});
export type ApprovalPlan = Static<typeof ApprovalPlanSchema>;

export const ApprovalOpinionSchema = Type.Object({
  user: NamedRefSchema,
  requestedBy: NamedRefSchema,
  comment: Type.String(),
  ts: IsoTimeSchema,
});
export type ApprovalOpinion = Static<typeof ApprovalOpinionSchema>;

export const ApprovalConsultationSchema = Type.Object({
  consultant: NamedRefSchema,
  requestedBy: NamedRefSchema,
  ts: IsoTimeSchema,
});
export type ApprovalConsultation = Static<typeof ApprovalConsultationSchema>;

/** GET /automation/approval/{approvalId}: assignees, levels and their decisions, what is missing. */
export const ApprovalViewSchema = Type.Object({
  _id: Type.String(),
  key: OrNull(Type.String()),
  state: Type.String(),
  parent: Type.Object({ _id: Type.String(), model: Type.String(), key: OrNull(Type.String()) }),
  current: Type.Integer({ description: 'index of the level deciding now; levels.length once decided' }),
  assignees: Type.Array(NamedRefSchema),
  levels: Type.Array(ApprovalLevelSchema),
  missing: Type.Array(NamedRefSchema, { description: 'who still has to decide on the current level' }),
  consultation: OrNull(ApprovalConsultationSchema),
  opinions: Type.Array(ApprovalOpinionSchema),
  _version: Type.Integer(),
});
export type ApprovalView = Static<typeof ApprovalViewSchema>;

/** The approval record of a timeline entry (seed 000 section 3: timeline message `approval`). */
export const ApprovalRecordSchema = Type.Object({
  decidedBy: NamedRefSchema,
  onBehalfOf: OrNull(NamedRefSchema),
  decision: StringEnum(APPROVAL_RECORD_KINDS),
  level: Type.Integer({ description: 'the level decided on, from 1' }),
  missing: Type.Array(Type.String(), { description: 'names of who still has to decide' }),
  required: Type.Integer(),
  approvedCount: Type.Integer(),
  asManager: Type.Optional(Type.Boolean()),
  consultant: Type.Optional(NamedRefSchema),
});
export type ApprovalRecord = Static<typeof ApprovalRecordSchema>;

/** POST /automation/approval/{approvalId}/request: an approver asks a named user for an opinion. */
export const ApprovalOpinionRequestSchema = Type.Object(
  {
    consultant: Id,
    comment: Type.Optional(Type.String({ maxLength: 4000 })),
    _version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type ApprovalOpinionRequest = Static<typeof ApprovalOpinionRequestSchema>;

/** POST /automation/approval/{approvalId}/opinion: the consultant asked gives the opinion. */
export const ApprovalOpinionGivenSchema = Type.Object(
  {
    comment: Type.Optional(Type.String({ maxLength: 4000 })),
    _version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type ApprovalOpinionGiven = Static<typeof ApprovalOpinionGivenSchema>;
