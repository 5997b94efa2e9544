import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import {
  Table,
  tablePaging,
  useTableState,
  type Row,
  type TableColumn,
} from '../../../components/table/index.ts';
import type { FieldContext } from '../../../components/fields/index.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
import { modelRoutes } from '../../../lib/model-routes.ts';
import { useUser } from '../../../lib/session.ts';
import { useSearch } from '../api/search-documents.ts';

const isExternal = (url: string) => /^[a-z]+:\/\//i.test(url);

/** The server marks matches with <b>…</b>: shown as highlights; any other markup is dropped as text. */
export function Snippet({ html }: { html: string }) {
  const parts = html.split(/(<b>.*?<\/b>)/g).filter(Boolean);
  const plain = (x: string) => x.replace(/<[^>]*>/g, '');
  return (
    <span className="search-snippet" data-testid="search-snippet">
      {parts.map((part, i) => {
        const m = /^<b>(.*?)<\/b>$/.exec(part);
        return m ? <mark key={i}>{plain(m[1]!)}</mark> : <span key={i}>{plain(part)}</span>;
      })}
    </span>
  );
}

/** /search/:model?: a search box, a model filter and the hits in the generic table. */
export function SearchPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const user = useUser();
  const navigate = useNavigate();
  const { model = '' } = useParams();
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  const [seenQ, setSeenQ] = useState(q);
  if (q !== seenQ) {
    setSeenQ(q);
    setText(q);
  }
  const routes = useMemo(() => modelRoutes(config), [config]);
  const modelLabel = (m: string) => t(`models.${m}`, { defaultValue: m });

  const go = (nextModel: string, nextQ: string) => {
    const qs = nextQ ? `?${new URLSearchParams({ q: nextQ }).toString()}` : '';
    navigate(`/search${nextModel ? `/${encodeURIComponent(nextModel)}` : ''}${qs}`);
  };

  // hits come ranked by relevance: the columns do not sort
  const fields: TableColumn[] = [
    { src: 'key', label: t('search.key'), type: 'text', sortable: false },
    { src: 'title', label: t('search.titleColumn'), type: 'text', sortable: false },
    {
      src: 'model',
      label: t('search.model'),
      type: 'select',
      sortable: false,
      items: routes.map((r) => ({ key: r.model, label: modelLabel(r.model) })),
    },
    { src: 'subtype', label: t('search.subtype'), type: 'text', sortable: false },
    { src: 'state', label: t('search.state'), type: 'state', sortable: false },
    {
      src: 'snippet',
      label: t('search.snippet'),
      type: 'text',
      sortable: false,
      render: (row) => <Snippet html={typeof row.snippet === 'string' ? row.snippet : ''} />,
    },
  ];
  // every state with a translation (approvals and sourcing have states of their own)
  const states = t('documents.states', { returnObjects: true }) as Record<string, string>;
  const open = (row: Row) => {
    const url = String(row.url);
    if (isExternal(url)) window.location.assign(url);
    else navigate(url);
  };

  return (
    <div className="page search-page" data-testid="search-page">
      <div className="page-header">
        <h1>{t('search.title')}</h1>
      </div>
      <form
        role="search"
        className="search-form"
        data-testid="search-form"
        onSubmit={(e) => {
          e.preventDefault();
          go(model, text.trim());
        }}
      >
        <input
          type="search"
          className="p-inputtext"
          aria-label={t('search.placeholder')}
          placeholder={t('search.placeholder')}
          data-testid="search-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <select
          className="p-inputtext"
          aria-label={t('search.model')}
          data-testid="search-model"
          value={model}
          onChange={(e) => go(e.target.value, text.trim())}
        >
          <option value="">{t('search.allModels')}</option>
          {routes.map((r) => (
            <option key={r.model} value={r.model}>
              {modelLabel(r.model)}
            </option>
          ))}
        </select>
        <Button type="submit" icon="pi pi-search" label={t('search.submit')} data-testid="search-submit" />
      </form>
      {q ? (
        <SearchResults
          key={`${model}|${q}`}
          model={model}
          q={q}
          fields={fields}
          ctx={{ user, states }}
          onOpen={open}
          linkOf={(row) => String(row.url)}
        />
      ) : (
        <p className="muted" data-testid="search-hint">
          {t('search.hint')}
        </p>
      )}
    </div>
  );
}

interface SearchResultsProps {
  model: string;
  q: string;
  fields: TableColumn[];
  ctx: FieldContext;
  onOpen: (row: Row) => void;
  linkOf: (row: Row) => string;
}

/** The hits of one search, paged (a new search or model starts again on page 1). */
function SearchResults({ model, q, fields, ctx, onOpen, linkOf }: SearchResultsProps) {
  const { t } = useTranslation();
  const state = useTableState();
  const hits = useSearch({ ...(model ? { model } : {}), q, page: state.page, size: state.size });
  const { onSearch: _box, ...paging } = tablePaging(state);
  return (
    <Table
      testId="search-results"
      fields={fields}
      rows={hits.data?.items ?? []}
      count={hits.data?.options.count ?? null}
      loading={hits.isFetching}
      {...paging}
      ctx={ctx}
      onRowClick={onOpen}
      rowActions={(row) => (
        <Link
          to={linkOf(row)}
          data-testid={`search-result-link-${String(row._id)}`}
          onClick={(e) => e.stopPropagation()}
        >
          {t('search.open')}
        </Link>
      )}
    />
  );
}
