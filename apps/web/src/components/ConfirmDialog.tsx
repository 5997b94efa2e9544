import type { ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { dialogPosition, type DialogPosition } from './AppDialog.tsx';

export interface ConfirmDialogProps {
  visible: boolean;
  title?: ReactNode;
  message: ReactNode;
  icon?: string;
  /** seed names (topleft, bottomright...) or PrimeReact's (top-left...); default center */
  position?: DialogPosition | 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
  onAccept: () => void;
  onReject?: () => void;
  onCancel: () => void;
  acceptLabel?: string;
  rejectLabel?: string;
  cancelLabel?: string;
}

/** Confirmation with Cancel, No (only when onReject is given) and Yes; default labels translated. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  const footer = (
    <div className="confirm-dialog__buttons">
      <Button
        label={props.cancelLabel ?? t('confirm.cancel')}
        severity="secondary"
        text
        onClick={props.onCancel}
      />
      {props.onReject && (
        <Button
          label={props.rejectLabel ?? t('confirm.no')}
          severity="secondary"
          outlined
          onClick={props.onReject}
        />
      )}
      <Button label={props.acceptLabel ?? t('confirm.yes')} onClick={props.onAccept} autoFocus />
    </div>
  );
  return (
    <Dialog
      visible={props.visible}
      header={props.title ?? t('confirm.title')}
      footer={footer}
      onHide={props.onCancel}
      position={dialogPosition(props.position)}
      style={{ width: 'min(28rem, 95vw)' }}
      data-testid="confirm-dialog"
    >
      <div className="confirm-dialog__message">
        <i className={props.icon ?? 'pi pi-exclamation-triangle'} aria-hidden="true" />
        <span>{props.message}</span>
      </div>
    </Dialog>
  );
}
