import { Type } from 'typebox';
import { DOCUMENT_ID_PATTERN } from '../documents/document.repository.ts';

/** Schemas of the note routes (the answers are the contract's, `@p2p/domain/api`). */
export const NoteParams = Type.Object({ id: Type.String({ pattern: DOCUMENT_ID_PATTERN }) });
export const NoteUserParams = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 100 }) });
export const NoteQuery = Type.Object({ ts: Type.Optional(Type.String({ maxLength: 40 })) });
