/**
 * How a document state shows (seed 001 section 4.1): the status icon of the state and the tone of
 * its colour. The seed's icon set names statuses, not states, so each state borrows the status
 * that means the same to its reader (approval waits, approved is done, rejected failed...).
 * Colours come from the workflow's state list when it names one; else from the status; unknown
 * states show light.
 */

/** The status icon (seed 001 section 4.1 key) of each known document state. */
export const STATE_STATUS_ICONS: Readonly<Record<string, string>> = {
  created: 'new',
  updated: 'draft',
  approval: 'wait',
  'manager-approval': 'wait',
  'consulting-approval': 'wait',
  approved: 'done',
  rejected: 'fail',
  erp: 'upload',
  'erp-done': 'done',
  'erp-fail': 'fail',
  completed: 'done',
  closed: 'lock',
  archived: 'lock',
  rfq: 'wait',
  'rfq-rejected': 'fail',
  negotiation: 'wait',
  expired: 'rfx-contract-expired',
  deleted: 'deleted',
  dispatched: 'receive',
  received: 'receive',
  reversed: 'reverse',
  'reverse-wait': 'reverse-wait',
  'reverse-fail': 'reverse-fail',
};

/** Colour tones of the status badges. */
export const STATUS_TONES = ['info', 'warn', 'success', 'danger', 'muted', 'light'] as const;
export type StatusTone = (typeof STATUS_TONES)[number];

const TONE_OF_ICON: Readonly<Record<string, StatusTone>> = {
  new: 'info',
  draft: 'info',
  info: 'info',
  upload: 'info',
  import: 'info',
  wait: 'warn',
  'reverse-wait': 'warn',
  escalated: 'warn',
  'value-increase': 'warn',
  'missing-info': 'warn',
  unread: 'warn',
  done: 'success',
  receive: 'success',
  ship: 'success',
  'action-approved': 'success',
  'accounting-info-filled': 'success',
  fail: 'danger',
  'reverse-fail': 'danger',
  block: 'danger',
  'action-rejected': 'danger',
  'unspsc-fail': 'danger',
  lock: 'muted',
  deleted: 'muted',
  reverse: 'muted',
  'rfx-contract-expired': 'muted',
};

const isTone = (v: unknown): v is StatusTone => (STATUS_TONES as readonly unknown[]).includes(v);

/**
 * The icon key and tone of a state: the workflow state's own `color` (a tone name) when it has
 * one, else the tone of the state's status icon; a state without an icon shows light and none.
 */
export function stateStatus(
  state: string,
  workflowColor?: unknown,
): { icon: string | null; tone: StatusTone } {
  const icon = Object.hasOwn(STATE_STATUS_ICONS, state) ? STATE_STATUS_ICONS[state]! : null;
  const tone = isTone(workflowColor) ? workflowColor : icon ? (TONE_OF_ICON[icon] ?? 'light') : 'light';
  return { icon, tone };
}
