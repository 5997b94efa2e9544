import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { MessageAudience } from '@p2p/domain';
import type { WorkflowOffer } from '../permissions.ts';

export interface WorkflowActionsProps {
  offers: WorkflowOffer[];
  /** runs the state change; false (refused) keeps the dialog open, the caller shows the error notice */
  onRun: (offer: WorkflowOffer, comment: string, audience?: MessageAudience) => Promise<boolean>;
  /** offer to address the comment to the document's supplier too (internal users, supplier models) */
  addressSupplier?: boolean;
  /** a state change is on its way */
  running: boolean;
  /** the document's value with its currency ('1,234.50 EUR'), shown in the dialog approvers decide on */
  value?: string;
  /** why the document cannot make this change (the domain's rule, the server's message), if it cannot */
  refusal?: (offer: WorkflowOffer) => string | null;
}

/** Buttons for the offered transitions; each opens the state-change dialog (seed 000 section 4). */
export function WorkflowActions({
  offers,
  onRun,
  running,
  addressSupplier,
  value,
  refusal,
}: WorkflowActionsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<WorkflowOffer | null>(null);
  const [comment, setComment] = useState('');
  const [toSupplier, setToSupplier] = useState(false);
  if (!offers.length) return null;

  const close = () => {
    setOpen(null);
    setComment('');
    setToSupplier(false);
  };
  const confirm = async () => {
    const audience = addressSupplier && toSupplier ? 'supplier' : undefined;
    if (open && (await onRun(open, comment.trim(), audience))) close();
  };
  const missing = Boolean(open?.commentRequired) && !comment.trim();
  const refused = open ? (refusal?.(open) ?? null) : null;

  return (
    <>
      <span
        className="workflow-actions"
        role="group"
        aria-label={t('documents.workflow.actions')}
        data-testid="workflow-actions"
      >
        {offers.map((o, i) => (
          // a disabled button gets no pointer events: the wrapper carries the reason as tooltip
          <span
            key={`${o.name}-${i}`}
            title={o.disabled ? o.reason : undefined}
            data-testid={`workflow-action-wrap-${o.name}`}
          >
            <Button
              type="button"
              label={o.label}
              icon={o.icon ?? 'pi pi-send'}
              severity={/reject|suspend/.test(o.name) ? 'danger' : undefined}
              outlined
              disabled={o.disabled}
              tooltip={o.disabled ? o.reason : undefined}
              tooltipOptions={{ showOnDisabled: true }}
              data-testid={`workflow-action-${o.name}`}
              data-reason={o.reason}
              onClick={() => {
                setComment('');
                setOpen(o);
              }}
            />
          </span>
        ))}
      </span>
      <Dialog
        visible={Boolean(open)}
        header={open?.label}
        onHide={close}
        style={{ width: 'min(32rem, 95vw)' }}
        data-testid="workflow-dialog"
        footer={
          <div className="confirm-dialog__buttons">
            <Button
              type="button"
              label={t('documents.cancel')}
              severity="secondary"
              text
              data-testid="workflow-cancel"
              onClick={close}
            />
            <Button
              type="button"
              label={t('documents.workflow.confirm')}
              disabled={missing || running || Boolean(refused)}
              loading={running}
              data-testid="workflow-confirm"
              onClick={() => void confirm()}
            />
          </div>
        }
      >
        {value !== undefined && (
          <p className="workflow-value" data-testid="workflow-value">
            {t('documents.workflow.value')} <strong>{value}</strong>
          </p>
        )}
        {refused && (
          <p className="p-error" role="alert" data-testid="workflow-refusal">
            <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {refused}
          </p>
        )}
        <label htmlFor="workflow-comment" className="field-label">
          {t('documents.workflow.comment')}
          {open?.commentRequired && (
            <span className="field-required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </label>
        <textarea
          id="workflow-comment"
          className="p-inputtext workflow-comment"
          rows={4}
          style={{ width: '100%' }}
          value={comment}
          required={open?.commentRequired}
          aria-required={open?.commentRequired}
          data-testid="workflow-comment"
          onChange={(e) => setComment(e.target.value)}
        />
        {missing && (
          <small className="muted" data-testid="workflow-comment-required">
            {t('documents.workflow.commentRequired')}
          </small>
        )}
        {addressSupplier && !open?.reopen && (
          <label className="workflow-audience" data-testid="workflow-audience">
            <input
              type="checkbox"
              checked={toSupplier}
              data-testid="workflow-audience-supplier"
              onChange={(e) => setToSupplier(e.target.checked)}
            />{' '}
            {t('documents.workflow.toSupplier')}
          </label>
        )}
      </Dialog>
    </>
  );
}
