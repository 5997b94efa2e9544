import { useTranslation } from '../../../lib/use-translation.ts';
import type { AuditEvent } from '@p2p/domain';

const shown = (value: unknown): string =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** The changed paths of one event, with their values before and after (a row's detail). */
export function AuditChanges({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const before = event.before ?? {};
  const after = event.after ?? {};
  const paths = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return (
    <div className="audit-changes" data-testid="audit-changes">
      {paths.length ? (
        <table className="table audit-changes__table">
          <thead>
            <tr>
              <th scope="col">{t('audit.path')}</th>
              <th scope="col">{t('audit.before')}</th>
              <th scope="col">{t('audit.after')}</th>
            </tr>
          </thead>
          <tbody>
            {paths.map((path) => (
              <tr key={path} data-testid="audit-change" data-path={path}>
                <td>{path}</td>
                <td>
                  <code>{shown(before[path])}</code>
                </td>
                <td>
                  <code>{shown(after[path])}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">{t('audit.noChanges')}</p>
      )}
      {event.detail !== null && event.detail !== undefined && (
        <p data-testid="audit-detail">
          {t('audit.detail')}: <code>{shown(event.detail)}</code>
        </p>
      )}
    </div>
  );
}

/** A short summary of the changed paths for the table's cell. */
export function changeSummary(event: AuditEvent): string {
  const paths = new Set([...Object.keys(event.before ?? {}), ...Object.keys(event.after ?? {})]);
  const list = [...paths];
  return list.length > 3 ? `${list.slice(0, 3).join(', ')} (+${list.length - 3})` : list.join(', ');
}
