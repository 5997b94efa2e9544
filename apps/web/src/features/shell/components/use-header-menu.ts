import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useLocation } from 'react-router';

/**
 * The open state of the header's tools menu on phone-sized screens. It closes on navigation, on
 * Escape (focus back on its button), on a press outside, and once one of its buttons or links is
 * used: what those open (the group drawer, the notifications, help) are drawers of their own.
 */
export function useHeaderMenu() {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(location.key);
  if (openedAt !== location.key) {
    setOpenedAt(location.key);
    setOpen(false);
  }
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onPanelClick = (e: MouseEvent) => {
    if (e.target instanceof Element && e.target.closest('a, button')) setOpen(false);
  };
  return { open, toggle: () => setOpen((o) => !o), buttonRef, panelRef, onPanelClick };
}
