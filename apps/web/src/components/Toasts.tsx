import { useEffect, useRef } from 'react';
import { Toast } from 'primereact/toast';
import { TOAST_POSITIONS, type ToastPosition, type ToastSeverity } from '@p2p/domain';
import { takeToasts, toastStore } from '../lib/toasts.ts';

type PrimeSeverity = 'success' | 'info' | 'warn' | 'error' | 'secondary' | 'contrast';
const SEVERITY: Record<ToastSeverity, PrimeSeverity> = {
  success: 'success',
  info: 'info',
  warn: 'warn',
  error: 'error',
  primary: 'info',
};

/** Shows queued toasts (showToast) at their position; default bottom-right. */
export function Toasts() {
  const refs = useRef<Partial<Record<ToastPosition, Toast | null>>>({});
  useEffect(() => {
    const drain = () => {
      for (const m of takeToasts()) {
        refs.current[m.position]?.show({
          severity: SEVERITY[m.severity],
          summary: m.summary,
          detail: m.detail,
          life: m.life,
          sticky: m.sticky,
        });
      }
    };
    drain();
    return toastStore.subscribe(drain);
  }, []);
  return (
    <>
      {TOAST_POSITIONS.map((position) => (
        <Toast
          key={position}
          position={position}
          ref={(el) => {
            refs.current[position] = el;
          }}
        />
      ))}
    </>
  );
}
