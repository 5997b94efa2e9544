import type { ReactNode } from 'react';
import { Sidebar } from 'primereact/sidebar';

export interface SidePanelProps {
  visible: boolean;
  onHide: () => void;
  title?: ReactNode;
  position?: 'left' | 'right' | 'top' | 'bottom';
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** A drawer from one side of the screen. */
export function SidePanel({
  visible,
  onHide,
  title,
  position = 'right',
  className,
  testId,
  children,
}: SidePanelProps) {
  return (
    <Sidebar
      visible={visible}
      onHide={onHide}
      position={position}
      header={title}
      className={['side-panel', className].filter(Boolean).join(' ')}
      blockScroll={false}
    >
      <div data-testid={testId} className="side-panel__body">
        {children}
      </div>
    </Sidebar>
  );
}
