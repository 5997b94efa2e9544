import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { documentKeys } from '../api/document-keys.ts';
import { editorsQuery, useEditStart } from '../api/edit-lock.ts';
import type { EditInfo } from '../api/types.ts';

export interface EditLockOptions {
  model: string;
  id: string;
  /** the model tracks editors (form.options.editStart is not false) and the document is stored */
  enabled: boolean;
  /** the form opens in edit mode (the url's edit action): start editing at once */
  startNow: boolean;
}

/**
 * Who else edits the document (edit-check once it is shown), and starting to edit (edit-start).
 * The server re-checks on save: a failed edit-start or edit-check never blocks editing.
 */
export function useEditLock({ model, id, enabled, startNow }: EditLockOptions) {
  const client = useQueryClient();
  const editors = useQuery({ ...editorsQuery(model, id), enabled: enabled && !startNow });
  const start = useEditStart(model, id);
  const { mutate } = start;
  useEffect(() => {
    if (enabled && startNow) mutate();
  }, [enabled, startNow, mutate]);
  return {
    editing: (enabled ? editors.data?.editing : null) ?? null,
    start: () => {
      if (enabled) start.mutate();
    },
    /** the user stopped editing (saved): the notice goes */
    stop: () => client.setQueryData<EditInfo>(documentKeys.editors(model, id), { editing: null }),
  };
}
