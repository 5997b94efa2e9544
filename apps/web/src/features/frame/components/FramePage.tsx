import { useTranslation } from '../../../lib/use-translation.ts';
import { useParams } from 'react-router';
import { frameUrl } from '@p2p/domain';

/**
 * /frame/{source}: a known page of the application (seed 001 section 2: stats-helpdesk) in a frame,
 * or the page of a `url` given by the host. A source that is not known shows a clear message, never
 * an address taken from the link.
 */
export function FramePage({ url }: { url?: string }) {
  const { t } = useTranslation();
  const { source } = useParams();
  const page = frameUrl({ url, source });
  const title = t(`kit.frame.sources.${source ?? ''}`, { defaultValue: t('routes.frame') });
  return (
    <div className="page frame-page" data-testid="frame-page" data-source={source}>
      <h1>{title}</h1>
      {page ? (
        <>
          <iframe
            src={page}
            title={title}
            className="frame-page__frame"
            referrerPolicy="no-referrer"
            data-testid="frame-page-frame"
            style={{ width: '100%', minHeight: '70vh', border: 0 }}
          />
          <a href={page} target="_blank" rel="noopener noreferrer">
            {t('kit.frame.open')}
          </a>
        </>
      ) : (
        <p className="muted" data-testid="frame-page-unknown">
          {t('kit.frame.unknown', { source: source ?? '' })}
        </p>
      )}
    </div>
  );
}
