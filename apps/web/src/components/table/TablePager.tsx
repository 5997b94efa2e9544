import { useTranslation } from '../../lib/use-translation.ts';

export const PAGE_SIZES = [10, 30, 50, 100];

export interface TablePagerProps {
  page: number;
  size: number;
  /** null: the count is unknown, the pager shows the page only */
  pages: number | null;
  /** the last page that may be asked for (with an unknown count: the next one while pages are full) */
  lastPage: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

const BUTTON = 'p-button p-button-text p-button-sm';

/** First, previous, next and last page buttons, the page, and the page size choice. */
export function TablePager({ page, size, pages, lastPage, onPage, onPageSize }: TablePagerProps) {
  const { t } = useTranslation();
  const sizes = [...new Set([...PAGE_SIZES, size])].sort((a, b) => a - b);
  return (
    <nav className="table-pager" aria-label={t('table.paging')}>
      <button
        type="button"
        className={BUTTON}
        data-testid="page-first"
        aria-label={t('table.first')}
        disabled={page <= 1}
        onClick={() => onPage(1)}
      >
        <i className="pi pi-angle-double-left" aria-hidden="true" />
      </button>
      <button
        type="button"
        className={BUTTON}
        data-testid="page-prev"
        aria-label={t('table.previous')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <i className="pi pi-angle-left" aria-hidden="true" />
      </button>
      <span data-testid="table-page" className="table-page">
        {pages === null ? t('table.pageOnly', { page }) : t('table.page', { page, pages })}
      </span>
      <button
        type="button"
        className={BUTTON}
        data-testid="page-next"
        aria-label={t('table.next')}
        disabled={page >= lastPage}
        onClick={() => onPage(page + 1)}
      >
        <i className="pi pi-angle-right" aria-hidden="true" />
      </button>
      <button
        type="button"
        className={BUTTON}
        data-testid="page-last"
        aria-label={t('table.last')}
        disabled={pages === null || page >= pages}
        onClick={() => pages && onPage(pages)}
      >
        <i className="pi pi-angle-double-right" aria-hidden="true" />
      </button>
      <label className="table-page-size">
        <span>{t('table.pageSize')}</span>
        <select
          className="p-inputtext"
          data-testid="table-page-size"
          value={size}
          onChange={(e) => onPageSize(Number(e.target.value))}
        >
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
