import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import type { ApprovalView, NamedRef } from '@p2p/domain';
import { Field } from '../../../components/fields/index.ts';
import { useUser } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useApproval } from '../api/get-approval.ts';
import { useGiveOpinion, useRequestOpinion } from '../api/request-opinion.ts';
import { LevelList } from './LevelList.tsx';

const names = (people: ReadonlyArray<NamedRef>) => people.map((p) => p.name).join(', ');

/** An approver of the current level asks a colleague for an opinion (approval-request). */
function AskOpinion({ approval }: { approval: ApprovalView }) {
  const { t } = useTranslation();
  const [consultant, setConsultant] = useState<NamedRef | null>(null);
  const [comment, setComment] = useState('');
  const ask = useRequestOpinion(approval._id, approval.parent.model);
  const submit = () =>
    consultant &&
    ask.mutate(
      { consultant: consultant._id, comment, _version: approval._version },
      {
        onSuccess: () => showToast({ severity: 'success', detail: t('approvals.ask.done') }),
        onError: (err) => showToast({ severity: 'error', detail: err.message }),
      },
    );
  return (
    <details className="approval-ask" data-testid="approval-ask">
      <summary>{t('approvals.ask.title')}</summary>
      <Field
        field={{ src: 'consultant', type: 'user', ref: 'users' }}
        label={t('approvals.ask.consultant')}
        value={consultant}
        editable
        onChange={(v) => setConsultant(v && typeof v === 'object' ? (v as NamedRef) : null)}
      />
      <label htmlFor="approval-ask-comment">{t('approvals.ask.comment')}</label>
      <InputTextarea
        id="approval-ask-comment"
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        rows={2}
      />
      <Button
        type="button"
        label={t('approvals.ask.submit')}
        disabled={!consultant || ask.isPending}
        onClick={submit}
        data-testid="approval-ask-submit"
      />
    </details>
  );
}

/** The colleague asked gives the opinion; the approval goes back to its approvers. */
function GiveOpinion({ approval, onGiven }: { approval: ApprovalView; onGiven: () => void }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const give = useGiveOpinion(approval._id);
  return (
    <div className="approval-give" data-testid="approval-give">
      <label htmlFor="approval-give-comment">{t('approvals.give.title')}</label>
      <InputTextarea
        id="approval-give-comment"
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        rows={3}
      />
      <Button
        type="button"
        label={t('approvals.give.submit')}
        disabled={!comment.trim() || give.isPending}
        onClick={() =>
          give.mutate(
            { comment, _version: approval._version },
            {
              onSuccess: onGiven,
              onError: (err) => showToast({ severity: 'error', detail: err.message }),
            },
          )
        }
        data-testid="approval-give-submit"
      />
    </div>
  );
}

export interface ApprovalProgressProps {
  approvalId: string;
  /** the version of the document shown: a move of it reads the approval again */
  version?: number;
  /** a link to the approval document (shown on its parent) */
  link?: boolean;
}

/** A running or decided approval: its levels, who decided and when, what is missing, the opinions. */
export function ApprovalProgress({ approvalId, version, link }: ApprovalProgressProps) {
  const { t } = useTranslation();
  const user = useUser();
  const approval = useApproval(approvalId, version);
  const [opinionGiven, setOpinionGiven] = useState(false);
  const a = approval.data;
  if (opinionGiven)
    return <Message severity="success" text={t('approvals.give.done')} data-testid="approval-give-done" />;
  if (approval.isError)
    return <Message severity="error" text={t('approvals.loadError')} data-testid="approval-progress-error" />;
  if (!a) return <p className="muted">{t('common.loading')}</p>;
  const level = a.levels[a.current];
  const seated = Boolean(level?.members.some((m) => m._id === user?._id));
  const waiting = a.state === 'manager-approval' || a.state === 'consulting-approval';
  return (
    <section className="approval-panel card" data-testid="approval-progress" data-state={a.state}>
      <h2>
        {t('approvals.progress')}{' '}
        <span className={`field-state state-${a.state}`} data-testid="approval-progress-state">
          {t(`approvals.states.${a.state}`, { defaultValue: a.state })}
        </span>
      </h2>
      {link && (
        <p>
          <Link to={`/approval/${a._id}`} data-testid="approval-link">
            {t('approvals.open', { key: a.key ?? a._id })}
          </Link>
        </p>
      )}
      <LevelList levels={a.levels} current={a.current} />
      {waiting && (
        <p data-testid="approval-missing">
          {a.missing.length
            ? t('approvals.missing', { names: names(a.missing) })
            : t('approvals.nobodyMissing')}
        </p>
      )}
      {a.consultation && (
        <p data-testid="approval-consultation">
          {t('approvals.consultation', {
            requestedBy: a.consultation.requestedBy.name,
            consultant: a.consultation.consultant.name,
          })}
        </p>
      )}
      {a.opinions.length > 0 && (
        <div data-testid="approval-opinions">
          <h3>{t('approvals.opinions')}</h3>
          <ul>
            {a.opinions.map((o) => (
              <li key={`${o.user._id}-${o.ts}`}>
                {t('approvals.opinion', { name: o.user.name, comment: o.comment })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {a.state === 'manager-approval' && seated && <AskOpinion approval={a} />}
      {a.state === 'consulting-approval' && a.consultation?.consultant._id === user?._id && (
        <GiveOpinion approval={a} onGiven={() => setOpinionGiven(true)} />
      )}
    </section>
  );
}
