import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Panel } from 'primereact/panel';
import { formatDate, formatTime, labelText, mergeTimeline, timelineSteps, workflowOf, type ModelRules } from '@p2p/domain';
import { timelineQuery, type ModelConfig, type TimelineMessageData } from '../api/documents.ts';
import './timeline.css';

const when = (ts: unknown) => (typeof ts === 'string' || typeof ts === 'number' ? `${formatDate(ts)} ${formatTime(ts)}` : '');
const userName = (u: TimelineMessageData['user']) => (u && typeof u === 'object' ? (u.name ?? u._id ?? '') : (u ?? ''));

export interface TimelineViewProps {
  config: ModelConfig;
  state: string | undefined;
  messages: TimelineMessageData[];
  stateLabel: (s: string) => string;
  lang: string;
}

/** The workflow steps (completed / active / future) and the merged timeline messages. */
export function TimelineView({ config, state, messages, stateLabel, lang }: TimelineViewProps) {
  const { t } = useTranslation();
  const workflow = workflowOf(config as unknown as ModelRules);
  const steps = timelineSteps(workflow, state);
  // messages the server already merged carry their count; raw messages are merged here
  const premerged = messages.length > 0 && messages.every((m) => typeof m.count === 'number');
  const merged = premerged
    ? messages.map((m) => ({ ...m, count: m.count as number }))
    : mergeTimeline(messages as Parameters<typeof mergeTimeline>[0], workflow.repeats ? { repeats: true } : {});
  return (
    <div className="timeline" data-testid="timeline">
      <ol className="timeline__steps" data-testid="timeline-steps">
        {steps.map((s) => (
          <li key={s.name} className={`timeline__step timeline__step--${s.status}`} data-testid={`timeline-step-${s.name}`} data-status={s.status} aria-current={s.status === 'active' ? 'step' : undefined}>
            {stateLabel(s.name) || labelText(s.label, lang)}
          </li>
        ))}
      </ol>
      {merged.length ? (
        <ul className="timeline__messages" data-testid="timeline-messages">
          {merged.map((m, i) => (
            <li key={`${String(m._id ?? i)}`} className="timeline__message" data-testid="timeline-message">
              {m.state && (
                <span className={`field-state state-${m.state}`} data-testid="timeline-message-state">
                  {stateLabel(String(m.state))}
                </span>
              )}{' '}
              <time data-testid="timeline-message-ts">{when(m.ts)}</time> <strong data-testid="timeline-message-user">{userName(m.user as TimelineMessageData['user'])}</strong>
              {m.count > 1 && (
                <span className="timeline__count" data-testid="timeline-message-count">
                  {' '}
                  ({t('documents.timeline.count', { count: m.count })})
                </span>
              )}
              {m.text && (
                <p className="timeline__text" data-testid="timeline-message-text" style={{ whiteSpace: 'pre-line' }}>
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

/** The form's timeline panel: GET /communication/messages/{model}/{id}; a failed load shows only the steps. */
export function TimelinePanel({ model, id, ...rest }: Omit<TimelineViewProps, 'messages'> & { model: string; id: string }) {
  const { t } = useTranslation();
  const messages = useQuery(timelineQuery(model, id));
  return (
    <div data-testid="timeline-panel">
      <Panel header={t('documents.timeline.title')} toggleable className="form-group">
        <TimelineView {...rest} messages={messages.data ?? []} />
      </Panel>
    </div>
  );
}
