import { useState, type ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';

/** Dialog positions of seed 001 section 4.2, as configurations write them. */
export const DIALOG_POSITIONS = [
  'left',
  'right',
  'top',
  'topleft',
  'topright',
  'bottom',
  'bottomleft',
  'bottomright',
  'center',
] as const;
export type DialogPosition = (typeof DIALOG_POSITIONS)[number];
type PrimePosition =
  'center' | 'top' | 'bottom' | 'left' | 'right' | 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

/** 'topleft' (or 'top-left') as PrimeReact names it; unknown positions are the centre. */
export function dialogPosition(position: string | undefined): PrimePosition {
  const p = (position ?? 'center').replace('-', '');
  if (!(DIALOG_POSITIONS as readonly string[]).includes(p)) return 'center';
  return p.replace(/^(top|bottom)(left|right)$/, '$1-$2') as PrimePosition;
}

export interface AppDialogProps {
  visible: boolean;
  onHide: () => void;
  header?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  position?: DialogPosition | string;
  /** offers the maximize button */
  maximizable?: boolean;
  /** starts maximized */
  maximized?: boolean;
  onMaximize?: (maximized: boolean) => void;
  /** closes on Escape (default true) */
  closeOnEscape?: boolean;
  /** closes on a click on the mask (default false) */
  dismissableMask?: boolean;
  className?: string;
  testId?: string;
}

/** The modal dialog of the kit: a position, maximize, and closing on Escape or mask click only when allowed. */
export function AppDialog(props: AppDialogProps) {
  const [maximized, setMaximized] = useState(props.maximized ?? false);
  return (
    <Dialog
      visible={props.visible}
      onHide={props.onHide}
      header={props.header}
      footer={props.footer}
      position={dialogPosition(props.position)}
      maximizable={props.maximizable}
      maximized={maximized}
      onMaximize={(e) => {
        setMaximized(e.maximized);
        props.onMaximize?.(e.maximized);
      }}
      closeOnEscape={props.closeOnEscape ?? true}
      dismissableMask={props.dismissableMask ?? false}
      style={{ width: 'min(40rem, 95vw)' }}
      className={props.className}
      data-testid={props.testId ?? 'app-dialog'}
    >
      {props.children}
    </Dialog>
  );
}
