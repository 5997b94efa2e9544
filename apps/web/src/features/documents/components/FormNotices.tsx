import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { formatDate, formatTime } from '@p2p/domain';
import type { EditInfo } from '../api/types.ts';
import type { FormNotice } from '../errors.ts';

export interface FormNoticesProps {
  /** another user editing the document */
  editing: EditInfo['editing'];
  /** the save was refused as stale (409): the input is kept, the document can be reloaded */
  conflict: boolean;
  onReload: () => void;
  notice: FormNotice | null;
}

/** The notices above the form: who else edits, a stale save, and the errors of the last call. */
export function FormNotices({ editing, conflict, onReload, notice }: FormNoticesProps) {
  const { t } = useTranslation();
  return (
    <>
      {editing && (
        <div className="p-message p-message-warn form-notice" role="status" data-testid="editing-notice">
          <i className="pi pi-user-edit" aria-hidden="true" />{' '}
          {editing.user
            ? t('documents.beingEdited', {
                user: editing.user.name || editing.user.username,
                time: `${formatDate(editing.ts)} ${formatTime(editing.ts)}`,
              })
            : t('documents.beingEditedByOther', {
                time: `${formatDate(editing.ts)} ${formatTime(editing.ts)}`,
              })}
        </div>
      )}
      {conflict && (
        <div className="p-message p-message-warn form-notice" role="alert" data-testid="conflict-notice">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {t('documents.conflict')}{' '}
          <Button
            label={t('documents.reload')}
            size="small"
            text
            data-testid="conflict-reload"
            onClick={onReload}
          />
        </div>
      )}
      {notice && (
        <div
          className={`p-message p-message-${notice.severity} form-notice`}
          role="alert"
          data-testid="form-errors"
          data-severity={notice.severity}
        >
          <strong>{notice.title}</strong>
          <ul>
            {notice.messages.map((m, i) => (
              <li key={`${i}-${m}`}>{m}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
