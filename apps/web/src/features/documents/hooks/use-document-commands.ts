import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { actsAsSupplier, type MessageAudience, type SessionUser } from '@p2p/domain';
import { showToast } from '../../../lib/toasts.ts';
import { useDuplicateDocument } from '../api/duplicate-document.ts';
import { documentQuery } from '../api/get-document.ts';
import { useOrderPdf } from '../api/order-pdf.ts';
import { useRunWorkflow } from '../api/run-workflow.ts';
import { useSaveDocument } from '../api/save-document.ts';
import { useTrashDocument } from '../api/trash-document.ts';
import type { DocumentData, DocumentResponse } from '../api/types.ts';
import { mapSaveError, type FormNotice } from '../errors.ts';
import type { WorkflowOffer } from '../permissions.ts';
import { saveBody } from '../pricing.ts';
import type { DocumentDraft } from './use-document-draft.ts';

export interface CommandOptions {
  model: string;
  id: string;
  /** the list route ('' for '/') */
  listPath: string;
  /** the url's action ('edit') */
  action: string | undefined;
  user: SessionUser | null;
  doc: DocumentResponse | undefined;
  draft: DocumentDraft;
  /** the srcs of the fields shown: a save error on one of them goes to the field */
  shownFields: () => string[];
  stateLabel: (state: string) => string;
  /** the user stopped editing (a save): the other-editor notice goes */
  stopEditing: () => void;
}

/**
 * The form's commands: save (create or update), cancel, reload after a conflict, delete, the state
 * changes, duplicate and the order PDF, each through its mutation; their outcome as toasts, field
 * errors, a conflict and one notice (seed 000 sections 5 and 8).
 */
export function useDocumentCommands(options: CommandOptions) {
  const { model, id, listPath, action, user, doc, draft, shownFields, stateLabel, stopEditing } = options;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [conflict, setConflict] = useState(false);

  const save = useSaveDocument(model);
  const stateChange = useRunWorkflow(model, id);
  const remove = useTrashDocument(model, 'delete');
  const duplicate = useDuplicateDocument(model);
  const pdf = useOrderPdf(id);

  const failed = (err: unknown, title = t('documents.actionFailed')) =>
    setNotice({ severity: 'error', title, messages: [(err as Error).message] });
  const clear = () => {
    setNotice(null);
    setFieldErrors({});
    setConflict(false);
  };
  // leave the url's edit action once the form is back in read mode
  const toRead = () => {
    if (action === 'edit') navigate(`${listPath}/${id}`, { replace: true });
  };
  const back = () => navigate(listPath || '/');

  const onSave = (current: DocumentData, view: DocumentData) => {
    clear();
    const creating = draft.mode === 'create';
    const body = saveBody(current);
    save.mutate(
      creating ? { body } : { id, body: { ...body, _version: current._version ?? doc?._version } },
      {
        onSuccess: (saved) => {
          if (creating) {
            draft.markClean();
            showToast({ severity: 'success', detail: t('documents.created') });
            navigate(`${listPath}/${String(saved._id)}`, { replace: true });
            return;
          }
          draft.show(saved);
          stopEditing();
          showToast({ severity: 'success', detail: t('documents.saved') });
          toRead();
        },
        onError: (err) => {
          const mapped = mapSaveError(err, view, shownFields(), stateLabel);
          setConflict(mapped.conflict);
          setFieldErrors(mapped.fields);
          setNotice(mapped.notice);
        },
      },
    );
  };

  const onStateChange = async (
    offer: WorkflowOffer,
    comment: string,
    audience?: MessageAudience,
  ): Promise<boolean> => {
    setNotice(null);
    const version = doc?._version ?? draft.draft?._version;
    try {
      await stateChange.mutateAsync({
        action: offer.name,
        ...(offer.to && !offer.reopen ? { to: offer.to } : {}),
        ...(offer.reopen ? { reopen: true } : {}),
        ...(comment ? { comment } : {}),
        ...(comment && audience && !offer.reopen ? { audience } : {}),
        ...(version === undefined ? {} : { _version: version }),
      });
      showToast({
        severity: 'success',
        detail: t(offer.reopen ? 'documents.reopened' : 'documents.workflow.done'),
      });
      return true;
    } catch (err) {
      failed(err);
      return false;
    }
  };

  return {
    notice,
    conflict,
    fieldErrors,
    /** a field was changed: its error goes */
    clearFieldError: (src: string) => {
      if (fieldErrors[src]) setFieldErrors(({ [src]: _gone, ...rest }) => rest);
    },
    clear,
    pending: {
      save: save.isPending,
      stateChange: stateChange.isPending,
      duplicate: duplicate.isPending,
      pdf: pdf.isPending && !pdf.variables?.shipId,
      /** the delivery whose PDF is on its way */
      shipment: pdf.isPending ? (pdf.variables?.shipId ?? null) : null,
    },
    save: onSave,
    cancel: () => {
      clear();
      // Cancel gives the changes up on purpose: no question
      draft.markClean();
      if (draft.mode === 'create') return back();
      draft.show(doc ?? null);
      toRead();
    },
    reload: async () => {
      setConflict(false);
      setNotice(null);
      draft.replace(await client.fetchQuery({ ...documentQuery(model, id), staleTime: 0 }));
    },
    remove: () =>
      remove.mutate(id, {
        onSuccess: () => {
          showToast({ severity: 'success', detail: t('documents.deleted') });
          back();
        },
        onError: (err) => failed(err, t('documents.validationTitle')),
      }),
    stateChange: onStateChange,
    duplicate: () => {
      setNotice(null);
      duplicate.mutate(id, {
        onSuccess: (copy) => navigate(`${listPath}/${String(copy._id)}`),
        onError: (err) => failed(err),
      });
    },
    /** the order PDF, or one delivery of it (same call and token; the supplier view for suppliers) */
    pdf: (shipId?: string) =>
      pdf.mutate(
        { supplierView: actsAsSupplier(user), ...(shipId ? { shipId } : {}) },
        { onError: (err) => failed(err) },
      ),
    back,
  };
}
