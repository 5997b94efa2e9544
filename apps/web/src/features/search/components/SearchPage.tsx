import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { Table, type Row, type TableColumn } from '../../../components/table/index.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
import { useUser } from '../../../lib/session.ts';
import { hitUrl, modelRoutes, searchUrl, type SearchHit } from '../api/search.ts';

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

  const fields: TableColumn[] = [
    { src: 'key', label: t('search.key'), type: 'text' },
    { src: 'title', label: t('search.titleColumn'), type: 'text' },
    { src: 'model', label: t('search.model'), type: 'select', items: routes.map((r) => ({ key: r.model, label: modelLabel(r.model) })) },
    { src: 'subtype', label: t('search.subtype'), type: 'text' },
    { src: 'state', label: t('search.state'), type: 'state' },
    { src: 'snippet', label: t('search.snippet'), type: 'text', render: (row) => <Snippet html={typeof row.snippet === 'string' ? row.snippet : ''} /> },
  ];
  const states = Object.fromEntries(
    ['created', 'updated', 'deleted', 'rejected', 'erp-fail', 'erp-done', 'erp', 'approval', 'approved', 'completed', 'closed', 'archived', 'rfq', 'rfq-rejected', 'negotiation', 'expired'].map((s) => [
      s,
      t(`documents.states.${s}`),
    ]),
  );
  const open = (row: Row) => {
    const url = hitUrl(row as SearchHit, routes);
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
        <select className="p-inputtext" aria-label={t('search.model')} data-testid="search-model" value={model} onChange={(e) => go(e.target.value, text.trim())}>
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
        <Table
          key={`${model}|${q}`}
          testId="search-results"
          fields={fields}
          data={searchUrl(model || undefined)}
          query={{ q }}
          ctx={{ user, states }}
          onRowClick={open}
          rowActions={(row) => (
            <Link to={hitUrl(row as SearchHit, routes)} data-testid={`search-result-link-${String(row._id)}`} onClick={(e) => e.stopPropagation()}>
              {t('search.open')}
            </Link>
          )}
        />
      ) : (
        <p className="muted" data-testid="search-hint">
          {t('search.hint')}
        </p>
      )}
    </div>
  );
}
