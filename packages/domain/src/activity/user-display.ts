/**
 * How a user is shown (seed 001 section 3, User (display): _id, name, photo, lang) and the photo
 * rules of the account page (seed 001 section 5: a square crop sent as a PNG image).
 */
import { actsAsSupplier, type RoleHolder } from '../roles/roles.ts';

/** The first letter of the name plus the first letter after its last space ('Ana Almeida' -> 'AA'). */
export function initials(name: string | null | undefined): string {
  const text = (name ?? '').trim();
  if (!text) return '';
  const first = Array.from(text)[0] ?? '';
  const space = text.lastIndexOf(' ');
  const last = space >= 0 ? (Array.from(text.slice(space + 1))[0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}

/** The chat widget's names: the user name split at its first space (seed 000 section 2). */
export function splitName(name: string | null | undefined): { firstName: string; lastName: string } {
  const text = (name ?? '').trim();
  const space = text.indexOf(' ');
  if (space < 0) return { firstName: text, lastName: '' };
  return { firstName: text.slice(0, space), lastName: text.slice(space + 1).trim() };
}

/** The photo is stored as sent: a PNG image, square, of at most this many bytes. */
export const PHOTO_CONTENT_TYPE = 'image/png';
export const PHOTO_SIZE_LIMIT = 2_000_000;
/** The side of the square the web app crops to (the server accepts 16 to 2048 pixels). */
export const PHOTO_SIDE = 256;
export const PHOTO_MIN_SIDE = 16;
export const PHOTO_MAX_SIDE = 2048;

export const PHOTO_MESSAGES = {
  notPng: 'The photo must be a PNG image.',
  notSquare: 'The photo must be square.',
  side: `The photo must be between ${PHOTO_MIN_SIDE} and ${PHOTO_MAX_SIDE} pixels wide.`,
  tooLarge: `The photo may not exceed ${PHOTO_SIZE_LIMIT} bytes.`,
  missing: 'No photo was sent (multipart field files[0]).',
} as const;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/**
 * The width and height of a PNG from its first 24 bytes (signature, then the IHDR chunk, which
 * the format requires first), or null when the bytes are not a PNG.
 */
export function pngSize(head: Uint8Array): { width: number; height: number } | null {
  if (head.length < 24) return null;
  if (PNG_SIGNATURE.some((b, i) => head[i] !== b)) return null;
  const type = String.fromCharCode(head[12]!, head[13]!, head[14]!, head[15]!);
  if (type !== 'IHDR') return null;
  const u32 = (at: number) =>
    ((head[at]! << 24) | (head[at + 1]! << 16) | (head[at + 2]! << 8) | head[at + 3]!) >>> 0;
  return { width: u32(16), height: u32(20) };
}

/** Why a photo's first bytes are refused, or null when it is a square PNG of an accepted size. */
export function photoRefusal(head: Uint8Array): string | null {
  const size = pngSize(head);
  if (!size) return PHOTO_MESSAGES.notPng;
  if (size.width !== size.height) return PHOTO_MESSAGES.notSquare;
  if (size.width < PHOTO_MIN_SIDE || size.width > PHOTO_MAX_SIDE) return PHOTO_MESSAGES.side;
  return null;
}

export interface PhotoSubject {
  _id: string;
  /** the supplier company the user belongs to, if any */
  supplierId: string | null;
}

/**
 * Whether the viewer may see the photo of a user of its own domain: its own; staff see everybody's;
 * a supplier only the photos of its own company's users, never a staff photo.
 */
export function maySeePhoto(
  viewer: RoleHolder & { _id: string; supplier?: { _id: string } | null },
  subject: PhotoSubject,
): boolean {
  if (viewer._id === subject._id) return true;
  if (!actsAsSupplier(viewer)) return true;
  const own = viewer.supplier?._id;
  return Boolean(own) && subject.supplierId === own;
}
