import { useTranslation } from '../../../lib/use-translation.ts';
import { Tag } from 'primereact/tag';
import { formatDate, formatTime, type ApprovalLevel, type ApprovalVote, type NamedRef } from '@p2p/domain';

const when = (ts: string) => `${formatDate(ts)} ${formatTime(ts)}`;
const names = (people: ReadonlyArray<NamedRef>) => people.map((p) => p.name).join(', ');

/** What a level is: one approver, any holder of a role, or a committee of N of M. */
function LevelKind({ level }: { level: ApprovalLevel }) {
  const { t } = useTranslation();
  if (level.kind === 'committee')
    return <>{t('approvals.kinds.committee', { required: level.required, count: level.members.length })}</>;
  if (level.kind === 'role')
    return (
      <>
        {t('approvals.kinds.role', {
          role: t(`approvals.roles.${level.role}`, { defaultValue: level.role }),
        })}
      </>
    );
  return <>{t('approvals.kinds.user')}</>;
}

function Vote({ vote }: { vote: ApprovalVote }) {
  const { t } = useTranslation();
  return (
    <li
      className={`approval-vote approval-vote--${vote.decision}`}
      data-testid="approval-vote"
      data-decision={vote.decision}
    >
      <i className={vote.decision === 'approve' ? 'pi pi-check' : 'pi pi-times'} aria-hidden="true" />{' '}
      {t(`approvals.decided.${vote.decision}`, { name: vote.user.name, when: when(vote.ts) })}
      {vote.onBehalfOf && <> {t('approvals.onBehalfOf', { name: vote.onBehalfOf.name })}</>}
      {vote.asManager && <> ({t('approvals.asManager')})</>}
      {vote.comment && <q className="approval-vote__comment">{vote.comment}</q>}
    </li>
  );
}

export interface LevelListProps {
  levels: ReadonlyArray<ApprovalLevel>;
  /** the level deciding now (a running approval); absent for a plan */
  current?: number;
}

/** The levels in the order they decide: who sits on each, which rule put them there, who decided. */
export function LevelList({ levels, current }: LevelListProps) {
  const { t } = useTranslation();
  return (
    <ol className="approval-levels" data-testid="approval-levels">
      {levels.map((level) => {
        const status =
          current === undefined
            ? 'planned'
            : level.index < current
              ? 'done'
              : level.index === current
                ? 'current'
                : 'future';
        const decided = new Set(level.decisions.map((d) => d.user._id));
        return (
          <li
            key={level.index}
            className={`approval-level approval-level--${status}`}
            data-testid="approval-level"
            data-status={status}
          >
            <div className="approval-level__head">
              <strong>{t('approvals.level', { n: level.index + 1 })}</strong> · <LevelKind level={level} />
              {level.rule._id ? (
                <span className="approval-level__rule" data-testid="approval-level-rule">
                  {' '}
                  · {t('approvals.rule', { name: level.rule.name })}
                </span>
              ) : null}
            </div>
            <ul className="approval-members">
              {level.members.map((m) => (
                <li key={m._id} data-testid="approval-member">
                  {m.name}
                  {m.onBehalfOf && (
                    <span className="muted"> {t('approvals.onBehalfOf', { name: m.onBehalfOf.name })}</span>
                  )}
                  {status === 'current' && !decided.has(m._id) && (
                    <Tag
                      className="approval-members__waiting"
                      severity="warning"
                      value={t('approvals.waiting')}
                    />
                  )}
                </li>
              ))}
            </ul>
            {level.fallback && level.rule._id && (
              <p className="muted" data-testid="approval-level-fallback">
                {t('approvals.fallback')}
              </p>
            )}
            {level.excluded.length > 0 && (
              <p className="muted" data-testid="approval-level-excluded">
                {t('approvals.excluded', { names: names(level.excluded) })}
              </p>
            )}
            {level.decisions.length > 0 && (
              <ul className="approval-votes">
                {level.decisions.map((d) => (
                  <Vote key={`${d.user._id}-${d.ts}`} vote={d} />
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
