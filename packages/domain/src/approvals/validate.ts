/**
 * What the schemas cannot say about a rule or a delegation: the parts a level kind needs, a
 * committee that can be satisfied, amount tiers in order, real calendar dates. The admin form shows
 * these messages next to the fields; the server refuses the same with 400.
 */
import type {
  ApiFieldError,
  ApprovalDelegationRequest,
  ApprovalLevelSpec,
  ApprovalRuleRequest,
} from '../api/contract.ts';
import { toIsoDate } from '../fields/dates.ts';
import { Dec } from '../money/decimal.ts';

export const APPROVAL_RULE_MESSAGES = {
  user: 'Choose the approver.',
  role: 'Choose the role.',
  members: 'A committee needs at least one member.',
  duplicateMember: 'A member is listed twice.',
  required: 'A committee needs between 1 and as many approvals as it has members.',
  extra: 'This level kind does not use this field.',
  tiers: 'The lower amount must be below the upper amount.',
  name: 'A name is required.',
  dates: 'The last day cannot be before the first day.',
  date: 'Not a valid date.',
  substitute: 'Choose someone else as your substitute.',
} as const;

function levelErrors(level: ApprovalLevelSpec, at: string): ApiFieldError[] {
  const out: ApiFieldError[] = [];
  const err = (field: string, message: string) => out.push({ field: `${at}.${field}`, message });
  const members = level.members ?? [];
  if (level.kind === 'user' && !level.user?._id) err('user', APPROVAL_RULE_MESSAGES.user);
  if (level.kind === 'role' && !level.role?.trim()) err('role', APPROVAL_RULE_MESSAGES.role);
  if (level.kind === 'committee') {
    if (!members.length) err('members', APPROVAL_RULE_MESSAGES.members);
    if (new Set(members.map((m) => m._id)).size !== members.length)
      err('members', APPROVAL_RULE_MESSAGES.duplicateMember);
    const required = level.required ?? members.length;
    if (members.length && (required < 1 || required > members.length))
      err('required', APPROVAL_RULE_MESSAGES.required);
  }
  // a field of another kind would be kept and confuse whoever reads the rule later
  if (level.kind !== 'user' && level.user) err('user', APPROVAL_RULE_MESSAGES.extra);
  if (level.kind !== 'role' && level.role) err('role', APPROVAL_RULE_MESSAGES.extra);
  if (level.kind !== 'committee' && (level.members || level.required !== undefined))
    err(level.members ? 'members' : 'required', APPROVAL_RULE_MESSAGES.extra);
  return out;
}

/** The errors of a rule as sent; empty when it can be saved. */
export function approvalRuleErrors(rule: ApprovalRuleRequest): ApiFieldError[] {
  const out: ApiFieldError[] = [];
  if (!rule.name.trim()) out.push({ field: 'name', message: APPROVAL_RULE_MESSAGES.name });
  const { min, max } = rule.conditions.amount ?? {};
  if (min !== undefined && max !== undefined && !new Dec(min).lt(max))
    out.push({ field: 'conditions.amount.max', message: APPROVAL_RULE_MESSAGES.tiers });
  rule.levels.forEach((level, i) => out.push(...levelErrors(level, `levels.${i}`)));
  return out;
}

/** The errors of a delegation the user `userId` asks for. */
export function delegationErrors(userId: string, d: ApprovalDelegationRequest): ApiFieldError[] {
  const out: ApiFieldError[] = [];
  const starts = toIsoDate(d.startsOn);
  const ends = toIsoDate(d.endsOn);
  if (!starts) out.push({ field: 'startsOn', message: APPROVAL_RULE_MESSAGES.date });
  if (!ends) out.push({ field: 'endsOn', message: APPROVAL_RULE_MESSAGES.date });
  if (starts && ends && ends < starts) out.push({ field: 'endsOn', message: APPROVAL_RULE_MESSAGES.dates });
  if (d.substitute._id === userId)
    out.push({ field: 'substitute', message: APPROVAL_RULE_MESSAGES.substitute });
  return out;
}
