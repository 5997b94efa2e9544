import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { supplierTimeline, type AudienceMessage } from '../documents/timeline.ts';
import type { RoleHolder } from '../roles/roles.ts';
import {
  defaultNoteTo,
  mayAddress,
  noteAddressedSides,
  noteAudience,
  noteToChoices,
  noteToOfAudience,
  NOTE_TO,
  NOTE_TO_LABELS,
} from './audience.ts';
import { joinViolations, NOTE_ATTACHMENT_RULES, noteAttachmentViolations } from './attachments.ts';
import { formatNoteTime } from './display.ts';
import { noteLineChoices, noteLineId, noteLineLabel, parseNoteLineId } from './lines.ts';
import { canDeleteNote, canSubmitNote, isRejectingAction, noteDeleteVerdict } from './rules.ts';

const buyer: RoleHolder & { _id: string } = { _id: 'u-buyer', role: { key: 'buyer' } };
const manager: RoleHolder & { _id: string } = { _id: 'u-manager', role: { key: 'manager' } };
const director: RoleHolder & { _id: string } = { _id: 'u-director', role: { key: 'director' } };
const supplier: RoleHolder & { _id: string } = { _id: 'u-supplier', role: { key: 'supplier' } };
const supplierUser: RoleHolder = { role: { key: 'supplier-user' } };

describe('addressees', () => {
  it('labels _all Everyone, requester Internal, supplier External', () => {
    expect(NOTE_TO_LABELS).toEqual({ _all: 'Everyone', requester: 'Internal', supplier: 'External' });
  });

  it('maps onto the stored audiences: only Internal stays inside the buying organisation', () => {
    expect(NOTE_TO.map(noteAudience)).toEqual(['supplier', 'internal', 'supplier']);
    expect(noteToOfAudience('internal')).toBe('requester');
    expect(noteToOfAudience('supplier')).toBe('supplier');
  });

  it('offers suppliers External only, defaulting to it; buyers all three, Internal by default, everyone on RFx', () => {
    for (const u of [supplier, supplierUser]) {
      expect(noteToChoices(u)).toEqual(['supplier']);
      expect(defaultNoteTo(u, 'order')).toBe('supplier');
      expect(defaultNoteTo(u, 'purchase-rfx')).toBe('supplier');
      expect(mayAddress(u, 'requester')).toBe(false);
      expect(mayAddress(u, '_all')).toBe(false);
    }
    expect(noteToChoices(buyer)).toEqual(['_all', 'requester', 'supplier']);
    expect(defaultNoteTo(buyer, 'order')).toBe('requester');
    expect(defaultNoteTo(buyer, 'contract')).toBe('requester');
    expect(defaultNoteTo(buyer, 'purchase-rfx')).toBe('_all');
    // a supplier contact who is also a buyer works as the buyer
    expect(noteToChoices({ role: { key: 'buyer' }, roles: [{ key: 'supplier' }] })).toHaveLength(3);
  });

  it('announces Everyone to both sides, Internal to the buyers, External to the supplier (and from it to the buyers)', () => {
    expect(noteAddressedSides('_all', false)).toEqual({ internal: true, supplier: true });
    expect(noteAddressedSides('requester', false)).toEqual({ internal: true, supplier: false });
    expect(noteAddressedSides('supplier', false)).toEqual({ internal: false, supplier: true });
    expect(noteAddressedSides('supplier', true)).toEqual({ internal: true, supplier: true });
  });

  it('a supplier never reads an Internal note, whatever else it holds', () => {
    const author = fc.constantFrom<string | null>(null, 'alfa', 'beta');
    fc.assert(
      fc.property(
        fc.array(fc.record({ to: fc.constantFrom(...NOTE_TO), author }), { maxLength: 12 }),
        (notes) => {
          const stored: AudienceMessage[] = notes.map((n, i) => ({
            _id: String(i),
            text: `note ${i}`,
            user: { _id: `u${i}`, name: `Name ${i}` },
            audience: n.author ? 'supplier' : noteAudience(n.to),
            authorSupplier: n.author,
          }));
          for (const m of supplierTimeline(stored, 'alfa', () => true)) {
            const n = notes[Number(m._id)]!;
            expect(n.author === 'alfa' || (n.author === null && n.to !== 'requester')).toBe(true);
            if (n.author === null) expect(m.user).toBeNull();
          }
        },
      ),
    );
  });
});

describe('lines', () => {
  const doc = { doc: { type: 'order' }, lines: [{ pos: 10 }, { pos: 20, subpos: 1 }] };

  it("labels 'Item {pos}', and '{pos}.{subpos}' on contracts", () => {
    expect(noteLineChoices(doc)).toEqual([
      { _id: '10/0', label: 'Item 10' },
      { _id: '20/1', label: 'Item 20' },
    ]);
    expect(noteLineChoices({ ...doc, doc: { type: 'contract' } })).toEqual([
      { _id: '10/0', label: '10.0' },
      { _id: '20/1', label: '20.1' },
    ]);
    expect(noteLineChoices({ lines: [{ pos: 5, subpos: 2 }] }, 'contract')).toEqual([
      { _id: '5/2', label: '5.2' },
    ]);
    expect(noteLineChoices(null)).toEqual([]);
  });

  it('reads back the ids it writes, and nothing else', () => {
    fc.assert(
      fc.property(fc.nat({ max: 99999 }), fc.nat({ max: 999 }), (pos, subpos) => {
        expect(parseNoteLineId(noteLineId({ pos, subpos }))).toEqual({ pos, subpos });
        expect(noteLineLabel({ pos, subpos }, false)).toBe(`Item ${pos}`);
      }),
    );
    for (const bad of ['', '_all', '10', '10/', '/1', '-1/0', '1.5/0', '10/0/1', ' 10/0'])
      expect(parseNoteLineId(bad), bad).toBeNull();
  });
});

describe('submit and delete', () => {
  it('submits with a text or a file, never while posting', () => {
    expect(canSubmitNote({ text: 'hi', files: 0, posting: false })).toBe(true);
    expect(canSubmitNote({ text: '', files: 1, posting: false })).toBe(true);
    expect(canSubmitNote({ text: ' \n\t', files: 0, posting: false })).toBe(false);
    expect(canSubmitNote({ text: 'hi', files: 1, posting: true })).toBe(false);
  });

  it('lets the author and admin level delete, never a read-only note', () => {
    const note = { readonly: false, authorId: buyer._id };
    expect(canDeleteNote(note, buyer)).toBe(true);
    expect(canDeleteNote(note, manager)).toBe(true);
    expect(canDeleteNote(note, { _id: 'a', role: { key: 'admin' } })).toBe(true);
    expect(noteDeleteVerdict(note, director)).toMatchObject({
      allowed: false,
      status: 403,
      key: 'notes.delete-forbidden',
    });
    expect(noteDeleteVerdict(note, supplier)).toMatchObject({ allowed: false, status: 403 });
    expect(noteDeleteVerdict(note, null)).toMatchObject({ allowed: false, status: 403 });
    for (const u of [buyer, manager])
      expect(noteDeleteVerdict({ ...note, readonly: true }, u)).toMatchObject({
        allowed: false,
        status: 409,
      });
    // a system note has no author: only admin level
    expect(canDeleteNote({ readonly: false, authorId: null }, { role: { key: 'buyer' } })).toBe(false);
  });

  it('knows the rejecting workflow actions', () => {
    expect(['reject', 'approval-reject', 'reject-plan'].every(isRejectingAction)).toBe(true);
    expect(['approve', 'negotiate', 'submit-approval', null].some(isRejectingAction)).toBe(false);
  });
});

describe('attachments', () => {
  it('answers the exact messages of seed 001 section 5, de-duplicated and joined', () => {
    const messages = noteAttachmentViolations(
      [
        { name: 'a.exe', size: 10 },
        { name: 'b.exe', size: 10 },
        { name: 'big.pdf', size: 25_000_000 },
      ],
      { maxSize: 20_000_000, extensions: 'pdf, png' },
    );
    expect(messages).toEqual([
      "The file extension 'exe' is not allowed. Allowed extensions: pdf, png.",
      'File size of 25,000,000 bytes exceeds the limit of 20,000,000 bytes allowed.',
    ]);
    expect(joinViolations(messages)).toBe(messages.join(' '));
    expect(noteAttachmentViolations([{ name: 'Scan.PDF', size: 1 }])).toEqual([]);
    expect(NOTE_ATTACHMENT_RULES.maxSize).toBe(20_000_000);
  });
});

describe('display', () => {
  it("shows 'yyyy-MM-dd HH:mm' in local time", () => {
    expect(formatNoteTime(new Date(2026, 0, 5, 7, 3))).toBe('2026-01-05 07:03');
    expect(formatNoteTime(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('2026-12-31 23:59');
    expect(formatNoteTime('not a date')).toBe('');
    expect(formatNoteTime(null)).toBe('');
  });
});
