import { createHash, randomBytes } from 'node:crypto';

/** Opaque tokens: 32 random bytes, base64url; only their SHA-256 is ever stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
