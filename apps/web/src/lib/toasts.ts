import { TOAST_DEFAULT_POSITION, TOAST_LIFE_MS, type ToastPosition, type ToastSeverity } from '@p2p/domain';
import { createStore } from './store.ts';

export interface ToastMessage {
  id: number;
  severity: ToastSeverity;
  summary?: string;
  detail: string;
  life: number;
  position: ToastPosition;
  sticky?: boolean;
}

export type ToastInput = Omit<ToastMessage, 'id' | 'life' | 'position'> & {
  life?: number;
  position?: ToastPosition;
};

/** Queue of toasts waiting to be shown; the Toasts building block drains it. */
export const toastStore = createStore<ToastMessage[]>([]);
let nextId = 1;

export function showToast(input: ToastInput): ToastMessage {
  const message: ToastMessage = {
    ...input,
    id: nextId++,
    life: input.life ?? TOAST_LIFE_MS[input.severity],
    position: input.position ?? TOAST_DEFAULT_POSITION,
  };
  toastStore.set((list) => [...list, message]);
  return message;
}

export function takeToasts(): ToastMessage[] {
  const list = toastStore.get();
  if (list.length) toastStore.set([]);
  return list;
}
