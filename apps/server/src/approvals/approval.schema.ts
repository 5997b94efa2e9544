import { Type } from 'typebox';
import { DOCUMENT_ID_PATTERN } from '../documents/document.repository.ts';

/** Parameters of the approval routes (the bodies and answers are the contract's, `@p2p/domain/api`). */
const RowId = Type.String({ pattern: DOCUMENT_ID_PATTERN });
const Model = Type.String({ pattern: '^[a-z][a-z-]{0,39}$' });

export const ApprovalIdParams = Type.Object({ approvalId: RowId });
export const RuleIdParams = Type.Object({ id: RowId });
export const DelegationIdParams = Type.Object({ id: RowId });
export const DryRunParams = Type.Object({ model: Model });
export const DryRunDocumentParams = Type.Object({ model: Model, id: RowId });
