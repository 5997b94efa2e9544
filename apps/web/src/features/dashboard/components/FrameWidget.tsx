import { useTranslation } from '../../../lib/use-translation.ts';
import { useParams } from 'react-router';
import { frameUrl } from '@p2p/domain';

export interface FrameWidgetProps {
  params: Record<string, unknown>;
  title: string;
}

/**
 * A frame widget (v-iframe, seed 001 section 2.8): the page of its url, or without one the known
 * page of the route parameter `source` (only stats-helpdesk is known). A link opens the page when
 * the page refuses to be framed.
 */
export function FrameWidget({ params, title }: FrameWidgetProps) {
  const { t } = useTranslation();
  const { source } = useParams();
  const url = frameUrl({ url: params.url, source: params.source ?? source });
  if (!url)
    return (
      <p className="muted" data-testid="frame-widget-empty">
        {t('dashboard.frame.none')}
      </p>
    );
  return (
    <div className="dashboard-frame" data-testid="frame-widget">
      <iframe
        src={url}
        title={title}
        className="dashboard-frame__page"
        referrerPolicy="no-referrer"
        // another site's page runs in its own opaque origin: it cannot reach the app's session
        {...(url.startsWith('/') ? {} : { sandbox: 'allow-scripts allow-forms allow-popups' })}
      />
      <a href={url} target="_blank" rel="noopener noreferrer" className="dashboard-frame__open">
        {t('dashboard.frame.open')}
      </a>
    </div>
  );
}
