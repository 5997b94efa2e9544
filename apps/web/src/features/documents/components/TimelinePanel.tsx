import { useTranslation } from '../../../lib/use-translation.ts';
import { Panel } from 'primereact/panel';
import { formatDate, formatTime, labelText, refId, type ApprovalRecord, type RecordRef } from '@p2p/domain';
import { useTimeline } from '../api/get-timeline.ts';
import type { TimelineResponse } from '../api/types.ts';
import './timeline.css';

const when = (ts: unknown) =>
  typeof ts === 'string' || typeof ts === 'number' ? `${formatDate(ts)} ${formatTime(ts)}` : '';
const userName = (u: RecordRef | null | undefined) =>
  u && typeof u === 'object' ? (u.name ?? refId(u) ?? '') : String(u ?? '');

/** An approval record as the server writes it on a decision's timeline entry (ApprovalRecordSchema). */
const approvalRecord = (a: unknown): ApprovalRecord | null =>
  a && typeof a === 'object' && 'decidedBy' in a && 'decision' in a ? (a as ApprovalRecord) : null;

/** Who decided (on whose behalf), at which level, and who is still missing after the decision. */
function ApprovalLine({ record }: { record: ApprovalRecord }) {
  const { t } = useTranslation();
  const by = record.onBehalfOf
    ? t('documents.timeline.approval.onBehalf', { name: record.decidedBy.name, of: record.onBehalfOf.name })
    : record.decidedBy.name;
  return (
    <p className="timeline__approval" data-testid="timeline-approval" data-decision={record.decision}>
      {t(`documents.timeline.approval.${record.decision}`, { name: by, level: record.level })}
      {record.decision === 'approve' &&
        ` · ${t('documents.timeline.approval.count', { done: record.approvedCount, required: record.required })}`}
      {record.missing.length > 0 && (
        <span data-testid="timeline-approval-missing">
          {' · '}
          {t('documents.timeline.approval.missing', { names: record.missing.join(', ') })}
        </span>
      )}
    </p>
  );
}

export interface TimelineViewProps {
  /** the server's steps and merged messages */
  timeline: Pick<TimelineResponse, 'steps' | 'items'>;
  stateLabel: (s: string) => string;
  lang: string;
}

/** The workflow steps (completed / active / future) and the messages, as the server merged them. */
export function TimelineView({ timeline, stateLabel, lang }: TimelineViewProps) {
  const { t } = useTranslation();
  const { steps, items } = timeline;
  return (
    <div className="timeline" data-testid="timeline">
      <ol className="timeline__steps" data-testid="timeline-steps">
        {steps.map((s) => (
          <li
            key={s.name}
            className={`timeline__step timeline__step--${s.status}`}
            data-testid={`timeline-step-${s.name}`}
            data-status={s.status}
            aria-current={s.status === 'active' ? 'step' : undefined}
          >
            {stateLabel(s.name) || labelText(s.label, lang)}
          </li>
        ))}
      </ol>
      {items.length ? (
        <ul className="timeline__messages" data-testid="timeline-messages">
          {items.map((m) => (
            <li key={m._id} className="timeline__message" data-testid="timeline-message">
              {m.state && (
                <span className={`field-state state-${m.state}`} data-testid="timeline-message-state">
                  {stateLabel(m.state)}
                </span>
              )}{' '}
              <time data-testid="timeline-message-ts">{when(m.ts)}</time>{' '}
              <strong data-testid="timeline-message-user">{userName(m.user)}</strong>
              {m.count > 1 && (
                <span className="timeline__count" data-testid="timeline-message-count">
                  {' '}
                  ({t('documents.timeline.count', { count: m.count })})
                </span>
              )}
              {approvalRecord(m.approval) && <ApprovalLine record={approvalRecord(m.approval)!} />}
              {m.text && (
                <p
                  className="timeline__text"
                  data-testid="timeline-message-text"
                  style={{ whiteSpace: 'pre-line' }}
                >
                  {m.text}
                </p>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted" data-testid="timeline-empty">
          {t('documents.timeline.empty')}
        </p>
      )}
    </div>
  );
}

/** The form's timeline panel: GET /communication/messages/{model}/{id}; nothing shows until it answers. */
export function TimelinePanel({
  model,
  id,
  ...rest
}: Omit<TimelineViewProps, 'timeline'> & { model: string; id: string }) {
  const { t } = useTranslation();
  const timeline = useTimeline(model, id);
  return (
    <div data-testid="timeline-panel">
      <Panel header={t('documents.timeline.title')} toggleable className="form-group">
        {timeline.data ? (
          <TimelineView {...rest} timeline={timeline.data} />
        ) : timeline.isError ? (
          <p className="p-error" data-testid="timeline-error">
            {t('documents.timeline.loadError')}
          </p>
        ) : (
          <p className="muted">{t('common.loading')}</p>
        )}
      </Panel>
    </div>
  );
}
