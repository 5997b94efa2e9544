import { useCallback, useEffect, useRef, useState } from 'react';
import { PAGING, PAGING_THROTTLE_MS, SORT_DEBOUNCE_MS } from '@p2p/domain';

/** The column of a sort spec ('-_id' -> '_id'). */
export const sortColumn = (sort: string): string => sort.replace(/^-/, '');
export const isDescending = (sort: string): boolean => sort.startsWith('-');

/**
 * Seed 001 section 2.4: a click on a new column sorts it ascending; a click on the sorted column
 * toggles the direction (a leading minus means descending).
 */
export function nextSort(current: string, src: string): string {
  if (sortColumn(current) !== src) return src;
  return isDescending(current) ? src : `-${src}`;
}

export interface TableState {
  page: number;
  size: number;
  sort: string;
  q: string;
  /** debounced 500 ms: only the last of quick clicks applies; a new column resets to page 1 */
  sortBy: (src: string) => void;
  /** throttled 500 ms: clicks within 500 ms of the last accepted one are ignored */
  goTo: (page: number) => void;
  setSize: (size: number) => void;
  setQ: (q: string) => void;
}

export function useTableState(initial: { sort?: string; size?: number } = {}): TableState {
  const [page, setPage] = useState<number>(PAGING.page);
  const [size, setSizeState] = useState<number>(initial.size ?? PAGING.pageSize);
  const [sort, setSort] = useState<string>(initial.sort ?? PAGING.sort);
  const [q, setQState] = useState('');
  const pending = useRef<string | null>(null);
  const applied = useRef(sort);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastPaging = useRef<number>(Number.NEGATIVE_INFINITY);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const sortBy = useCallback((src: string) => {
    const next = nextSort(pending.current ?? applied.current, src);
    pending.current = next;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      pending.current = null;
      if (sortColumn(next) !== sortColumn(applied.current)) setPage(PAGING.page);
      applied.current = next;
      setSort(next);
    }, SORT_DEBOUNCE_MS);
  }, []);

  const goTo = useCallback((p: number) => {
    const now = Date.now();
    if (now - lastPaging.current < PAGING_THROTTLE_MS) return;
    lastPaging.current = now;
    setPage(Math.max(1, p));
  }, []);

  const setSize = useCallback((s: number) => {
    setSizeState(s);
    setPage(PAGING.page);
  }, []);
  const setQ = useCallback((text: string) => {
    setQState(text);
    setPage(PAGING.page);
  }, []);

  return { page, size, sort, q, sortBy, goTo, setSize, setQ };
}
