/**
 * Who a note on a document is for (seed 001 sections 2.3 and 6). The message box speaks of three
 * addressees; the stored timeline knows two audiences (documents/timeline.ts), and each addressee
 * maps onto one of them:
 * - '_all' (Everyone) and 'supplier' (External): read by the buying organisation AND the document's
 *   supplier: audience 'supplier';
 * - 'requester' (Internal): the buying organisation only: audience 'internal'; never a supplier's.
 * Everyone and External differ in whom the note announces itself to (`noteAddressedSides`).
 */
import { actsAsSupplier, type RoleHolder } from '../roles/roles.ts';
import type { MessageAudience } from '../documents/timeline.ts';

export const NOTE_TO = ['_all', 'requester', 'supplier'] as const;
export type NoteTo = (typeof NOTE_TO)[number];

export const isNoteTo = (value: unknown): value is NoteTo =>
  typeof value === 'string' && (NOTE_TO as readonly string[]).includes(value);

/** The labels of seed 001 section 2.3 (the web translates them under `notes.to.*`). */
export const NOTE_TO_LABELS: Readonly<Record<NoteTo, string>> = {
  _all: 'Everyone',
  requester: 'Internal',
  supplier: 'External',
};

/** The stored audience of a note: only Internal stays inside the buying organisation. */
export const noteAudience = (to: NoteTo): MessageAudience => (to === 'requester' ? 'internal' : 'supplier');

/**
 * The addressee shown for a workflow comment (a read-only note): an internal comment is Internal, a
 * comment addressed to the supplier (or written by one) is External.
 */
export const noteToOfAudience = (audience: MessageAudience): NoteTo =>
  audience === 'internal' ? 'requester' : 'supplier';

/** The models of sourcing (RFx) documents, whose notes go to everyone by default. */
export const RFX_MODELS: ReadonlyArray<string> = ['purchase-rfx'];
export const isRfxModel = (model: string | null | undefined): boolean =>
  typeof model === 'string' && RFX_MODELS.includes(model);

/** The visibility choices of the composer: a supplier user writes External only. */
export function noteToChoices(user: RoleHolder | null | undefined): NoteTo[] {
  return actsAsSupplier(user) ? ['supplier'] : [...NOTE_TO];
}

/**
 * The composer's default: supplier users write to the supplier side (External, what they may);
 * on RFx documents buyers write to everyone; otherwise Internal.
 */
export function defaultNoteTo(user: RoleHolder | null | undefined, model: string | null | undefined): NoteTo {
  if (actsAsSupplier(user)) return 'supplier';
  return isRfxModel(model) ? '_all' : 'requester';
}

/** Whether the author may address a note this way (a supplier only External). */
export const mayAddress = (user: RoleHolder | null | undefined, to: NoteTo): boolean =>
  noteToChoices(user).includes(to);

/**
 * The sides a new note announces itself to (notifications): Everyone both, Internal the buying
 * side, External the supplier side. A supplier's External note is its word to the buyer, so it
 * announces itself to the buying side too (and to the author's colleagues).
 */
export function noteAddressedSides(
  to: NoteTo,
  authorIsSupplier: boolean,
): { internal: boolean; supplier: boolean } {
  if (to === '_all') return { internal: true, supplier: true };
  if (to === 'requester') return { internal: true, supplier: false };
  return { internal: authorIsSupplier, supplier: true };
}
