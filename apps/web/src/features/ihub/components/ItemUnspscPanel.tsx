import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { ItemLookup } from '@p2p/domain';
import { UnspscInput } from '../../../components/fields/UnspscInput.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { ITEM_PAGE_SIZE, useItemPage, useSaveItemUnspsc, useUnspscTitle } from '../api/item-unspsc.ts';
import './item-unspsc.css';

const SEARCH_DELAY_MS = 300;

/** A code and its title in the code set (the title is asked once per code). */
function CodeWithTitle({ code }: { code: string | null }) {
  const title = useUnspscTitle(code);
  if (!code) return null;
  return (
    <span>
      <span className="item-unspsc-code">{code}</span>
      {title.data ? <span className="muted"> {title.data}</span> : null}
    </span>
  );
}

/**
 * The UNSPSC codes of the item catalogue, for ihub roles and administrators (/ihub): a searchable,
 * paged table of items (GET /reference/item) with each one's code and ERP material group; a code
 * is set with the tree picker, or cleared (PUT /ihub/items/{code}/unspsc). The ERP stays the master
 * of materials: its next import replaces a code set here when it gives one.
 */
export function ItemUnspscPanel() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ code: string; value: string | null } | null>(null);
  const list = useItemPage(q, page);
  const save = useSaveItemUnspsc();

  // a new search starts on its first page; the same search (the first render) keeps the page shown
  useEffect(() => {
    const next = text.trim();
    if (next === q) return;
    const timer = setTimeout(() => {
      setQ(next);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q]);

  const store = (code: string, unspsc: string | null) =>
    save.mutate(
      { code, unspsc },
      {
        onSuccess: () => {
          showToast({
            severity: 'success',
            detail: unspsc ? t('unspsc.itemSaved', { item: code }) : t('unspsc.itemCleared', { item: code }),
          });
          setEditing(null);
        },
        onError: (err: Error) => showToast({ severity: 'error', detail: err.message }),
      },
    );

  const items = list.data?.items ?? [];
  const count = list.data?.options.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / ITEM_PAGE_SIZE));

  const row = (item: ItemLookup, index: number) => {
    const open = editing?.code === item.code;
    const inputId = `item-unspsc-${index}`;
    return (
      <tr key={item._id} data-testid="item-unspsc-row" data-item={item.code}>
        <td>{item.code}</td>
        <td>{item.name}</td>
        <td data-testid="item-unspsc-value">
          {open ? (
            <span className="item-unspsc-editor">
              <UnspscInput
                id={inputId}
                value={editing.value}
                onChange={(value) => setEditing({ code: item.code, value })}
                ariaLabel={t('unspsc.itemCode', { item: item.code })}
              />
              <Button
                type="button"
                icon="pi pi-check"
                size="small"
                aria-label={t('unspsc.saveItem', { item: item.code })}
                disabled={!editing.value || !/^[0-9]{8}$/.test(editing.value)}
                loading={save.isPending}
                onClick={() => store(item.code, editing.value)}
                data-testid="item-unspsc-save"
              />
              <Button
                type="button"
                icon="pi pi-times"
                size="small"
                text
                aria-label={t('unspsc.cancelItem', { item: item.code })}
                onClick={() => setEditing(null)}
                data-testid="item-unspsc-cancel"
              />
            </span>
          ) : (
            <CodeWithTitle code={item.unspsc} />
          )}
        </td>
        <td>{item.materialGroup ?? ''}</td>
        <td className="item-unspsc-actions">
          <Button
            type="button"
            icon="pi pi-pencil"
            size="small"
            text
            aria-label={t('unspsc.editItem', { item: item.code })}
            disabled={open}
            onClick={() => setEditing({ code: item.code, value: item.unspsc })}
            data-testid="item-unspsc-edit"
          />
          <Button
            type="button"
            icon="pi pi-eraser"
            size="small"
            text
            severity="danger"
            aria-label={t('unspsc.clearItem', { item: item.code })}
            disabled={!item.unspsc || save.isPending}
            onClick={() => store(item.code, null)}
            data-testid="item-unspsc-clear"
          />
        </td>
      </tr>
    );
  };

  return (
    <section
      className="item-unspsc-panel"
      data-testid="item-unspsc-panel"
      aria-labelledby="item-unspsc-title"
    >
      <h2 id="item-unspsc-title">{t('unspsc.itemsTitle')}</h2>
      <p className="muted">{t('unspsc.itemsHelp')}</p>
      <InputText
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('unspsc.itemsSearch')}
        aria-label={t('unspsc.itemsSearch')}
        className="item-unspsc-search"
        data-testid="item-unspsc-search"
      />
      <div
        className="item-unspsc-scroll"
        role="region"
        aria-label={t('unspsc.itemsTitle')}
        tabIndex={0}
        data-testid="item-unspsc-scroll"
      >
        <table className="item-unspsc-table" data-testid="item-unspsc-table">
          <thead>
            <tr>
              <th scope="col">{t('unspsc.itemColumn')}</th>
              <th scope="col">{t('unspsc.nameColumn')}</th>
              <th scope="col">{t('unspsc.code')}</th>
              <th scope="col">{t('unspsc.materialGroup')}</th>
              <th scope="col">
                <span className="sr-only">{t('ihub.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map(row)}
            {!list.isLoading && !items.length && (
              <tr>
                <td colSpan={5} className="muted">
                  {t('unspsc.noItems')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <nav className="item-unspsc-pager" aria-label={t('unspsc.pages')}>
        <Button
          type="button"
          icon="pi pi-angle-left"
          size="small"
          text
          aria-label={t('unspsc.previousPage')}
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
          data-testid="item-unspsc-previous"
        />
        <span data-testid="item-unspsc-page">{t('unspsc.pageOf', { page, pages, total: count })}</span>
        <Button
          type="button"
          icon="pi pi-angle-right"
          size="small"
          text
          aria-label={t('unspsc.nextPage')}
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
          data-testid="item-unspsc-next"
        />
      </nav>
    </section>
  );
}
