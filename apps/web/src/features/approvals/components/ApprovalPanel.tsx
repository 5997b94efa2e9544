import { useEffect, useMemo, useState } from 'react';
import { actsAsSupplier, isApprovalParentModel, APPROVAL_MODEL, type DocumentResponse } from '@p2p/domain';
import { useUser } from '../../../lib/session.ts';
import { ApprovalProgress } from './ApprovalProgress.tsx';
import { WhoWillApprove } from './WhoWillApprove.tsx';
import './approvals.css';

export interface ApprovalPanelProps {
  model: string;
  /** the stored document (absent while a new one is written) */
  doc: DocumentResponse | undefined;
  /** what the form shows now: the draft while editing */
  draft: Record<string, unknown>;
  mode: 'read' | 'edit' | 'create';
}

/** The draft as a dry run reads it, settled for `ms` (every keystroke is not a request). */
function useSettled<T>(value: T, ms = 500): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** What the server owns in an answer: a dry run of a draft sends only the document's own fields. */
const SERVER_KEYS = new Set(['_actions', '_permissions', '_state', '_version', 'updatedAt', 'model']);
const bodyOf = (draft: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(draft).filter(([k]) => !SERVER_KEYS.has(k)));

const approvalOf = (doc: DocumentResponse | undefined): string | undefined => {
  const ref = doc?.approval as { _id?: unknown } | undefined;
  return typeof ref?._id === 'string' ? ref._id : undefined;
};

/**
 * The approvals part of a document form (the documents feature's approval slot): while a
 * requisition, order or contract is written or can be submitted, who will approve it and why; once
 * submitted, its approval's progress; on an approval document, that approval. Suppliers see none of it.
 */
export function ApprovalPanel({ model, doc, draft, mode }: ApprovalPanelProps) {
  const user = useUser();
  const settled = useSettled(draft);
  const body = useMemo(() => bodyOf(settled), [settled]);
  if (!user || actsAsSupplier(user)) return null;
  if (model === APPROVAL_MODEL)
    return doc ? <ApprovalProgress approvalId={doc._id} version={doc._version} /> : null;
  if (!isApprovalParentModel(model)) return null;
  const submittable = Boolean(
    doc?._actions.transitions.some((x) => x.name === 'submit-approval' && !x.disabled),
  );
  const planned = mode !== 'read' || submittable;
  const approvalId = approvalOf(doc);
  return (
    <>
      {planned && (
        <WhoWillApprove
          model={model}
          id={doc?._id ?? null}
          draft={mode === 'read' ? null : body}
          doc={mode === 'read' && doc ? doc : settled}
        />
      )}
      {approvalId && mode === 'read' && (
        <ApprovalProgress approvalId={approvalId} version={doc?._version} link />
      )}
    </>
  );
}
