import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PAGING, PAGING_THROTTLE_MS, SORT_DEBOUNCE_MS } from '@p2p/domain';
import { nextSort, sortColumn, type TableState } from './use-table-state.ts';

/**
 * The keys of a list's state in the page url: the same letters as the list call (p page, l size,
 * s sort, q search), so a shared link or Back returns to the same place and no key is mistaken for
 * a filter.
 */
export const URL_TABLE_KEYS = { page: 'p', size: 'l', sort: 's', q: 'q' } as const;

/** The list call accepts page sizes 1 to 200. */
const MAX_SIZE = 200;
/** A sort spec: a field src, a leading minus for descending (anything else in a link is ignored). */
const SORT_SPEC = /^-?[A-Za-z_][\w.-]{0,99}$/;

const positive = (text: string | null, max = Number.MAX_SAFE_INTEGER): number | undefined => {
  if (!text || !/^[1-9]\d{0,6}$/.test(text)) return undefined;
  const n = Number(text);
  return n <= max ? n : undefined;
};

/** The table state a url's query string gives (invalid or missing entries take the defaults). */
export function readUrlTableState(
  params: URLSearchParams,
  defaults: { size: number; sort: string },
): { page: number; size: number; sort: string; q: string } {
  const sort = params.get(URL_TABLE_KEYS.sort) ?? '';
  return {
    page: positive(params.get(URL_TABLE_KEYS.page)) ?? PAGING.page,
    size: positive(params.get(URL_TABLE_KEYS.size), MAX_SIZE) ?? defaults.size,
    sort: SORT_SPEC.test(sort) ? sort : defaults.sort,
    q: (params.get(URL_TABLE_KEYS.q) ?? '').trim(),
  };
}

/**
 * As useTableState (sort debounced 500 ms, paging throttled 500 ms, a new column, size or search
 * back to page 1), but page, size, sort and search live in the page url. Values equal to the
 * defaults are left out of the url; every other query key (the list's filters) is kept.
 */
export function useUrlTableState(initial: { sort?: string; size?: number } = {}): TableState {
  const [params, setParams] = useSearchParams();
  const defaults = { size: initial.size ?? PAGING.pageSize, sort: initial.sort ?? PAGING.sort };
  const { page, size, sort, q } = readUrlTableState(params, defaults);
  const defaultsRef = useRef(defaults);
  defaultsRef.current = defaults;
  const applied = useRef(sort);
  applied.current = sort;
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastPaging = useRef<number>(Number.NEGATIVE_INFINITY);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  /** writes the changed keys (a default value removes its key); one history entry per change */
  const write = useCallback(
    (changes: Partial<Record<keyof typeof URL_TABLE_KEYS, string | number>>) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        const d = defaultsRef.current;
        const fallback = { page: PAGING.page, size: d.size, sort: d.sort, q: '' };
        for (const [name, value] of Object.entries(changes) as Array<
          [keyof typeof URL_TABLE_KEYS, string | number]
        >) {
          const key = URL_TABLE_KEYS[name];
          if (String(value) === String(fallback[name])) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      });
    },
    [setParams],
  );

  const sortBy = useCallback(
    (src: string) => {
      const next = nextSort(pending.current ?? applied.current, src);
      pending.current = next;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        pending.current = null;
        const newColumn = sortColumn(next) !== sortColumn(applied.current);
        write(newColumn ? { sort: next, page: PAGING.page } : { sort: next });
      }, SORT_DEBOUNCE_MS);
    },
    [write],
  );

  const goTo = useCallback(
    (p: number) => {
      const now = Date.now();
      if (now - lastPaging.current < PAGING_THROTTLE_MS) return;
      lastPaging.current = now;
      write({ page: Math.max(1, p) });
    },
    [write],
  );
  const setSize = useCallback((s: number) => write({ size: s, page: PAGING.page }), [write]);
  const setQ = useCallback((text: string) => write({ q: text, page: PAGING.page }), [write]);

  return { page, size, sort, q, sortBy, goTo, setSize, setQ };
}
