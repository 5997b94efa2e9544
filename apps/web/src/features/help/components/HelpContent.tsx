import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router';
import { Message } from 'primereact/message';
import { Loading } from '../../../components/Loading.tsx';
import { SafeHtml } from '../../../components/SafeHtml.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useHelp } from '../api/help.ts';

/** Topic, title, User Manual link, secondary links and the server's html content of one help doc. */
export function HelpContent({ doc, onNavigate }: { doc: string; onNavigate?: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data, isLoading, error } = useHelp(i18n.language, doc);
  const go = (url: string) => {
    onNavigate?.();
    navigate(url);
  };
  const link = (url: string, children: ReactNode, testId?: string) =>
    url.startsWith('/') && !url.startsWith('//') ? (
      <a
        key={url}
        href={url}
        data-testid={testId}
        onClick={(e) => {
          e.preventDefault();
          go(url);
        }}
      >
        {children}
      </a>
    ) : (
      <a key={url} href={url} target="_blank" rel="noopener noreferrer" data-testid={testId}>
        {children}
      </a>
    );
  // links inside the server's html stay in the app
  const onContentClick = (e: MouseEvent<HTMLDivElement>) => {
    const anchor = (e.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (href && href.startsWith('/') && !href.startsWith('//') && !anchor?.target) {
      e.preventDefault();
      go(href);
    }
  };
  if (isLoading) return <Loading />;
  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <Message
        severity={missing ? 'info' : 'error'}
        text={missing ? t('help.missing') : error.message}
        data-testid="help-error"
      />
    );
  }
  if (!data) return null;
  return (
    <article className="help-doc" data-testid="help-doc">
      <h2 className="help-doc__topic" data-testid="help-topic">
        {data.topic}
      </h2>
      <div className="help-doc__links">
        {/* the manual is linked once: not from the manual itself (the server never lists it in links) */}
        {data.manualUrl &&
          data.manualUrl !== `/help/${data.doc}` &&
          link(
            data.manualUrl,
            <>
              <i className="pi pi-book" aria-hidden="true" /> {t('help.manual')}
            </>,
            'help-manual',
          )}
        {data.links.map((l) => link(l.url, l.label))}
      </div>
      {/* help content is html: sanitised by the server, purified again here */}
      <SafeHtml className="help-doc__content" onClick={onContentClick} html={data.content} />
    </article>
  );
}
