import { useTranslation } from '../../../lib/use-translation.ts';
import { Message } from 'primereact/message';
import {
  formatNumber,
  refId,
  type ApprovalPlan,
  type ApprovalReason,
  type DocumentLike,
  type RecordRef,
} from '@p2p/domain';
import { useDryRun } from '../api/dry-run-approval.ts';
import { LevelList } from './LevelList.tsx';

export interface WhoWillApproveProps {
  model: string;
  /** a stored document (null: a new one) */
  id: string | null;
  /** the unsaved draft to judge (null: the stored document as it is) */
  draft: Record<string, unknown> | null;
  /** the document the reasons are told with (its group and supplier names) */
  doc: DocumentLike;
}

/** A condition's value as the user reads it: the names of the document's group and supplier. */
function useReasonText(doc: DocumentLike) {
  const { t } = useTranslation();
  const nameOf = (ref: RecordRef | null | undefined, id: string) =>
    ref && typeof ref === 'object' && refId(ref) === id ? (ref.name ?? id) : id;
  return (r: ApprovalReason, plan: ApprovalPlan) => {
    const value =
      r.condition === 'groups'
        ? nameOf(doc.group, r.value)
        : r.condition === 'suppliers'
          ? nameOf(doc.supplier, r.value)
          : r.condition === 'amount'
            ? `${formatNumber(r.value)} ${plan.currency}`
            : r.value;
    return t(`approvals.reasons.${r.condition}`, { value });
  };
}

/**
 * "Who will approve" (before submit): the levels, in order, and why each rule applies: the dry run of
 * the rules the server applies on submit.
 */
export function WhoWillApprove({ model, id, draft, doc }: WhoWillApproveProps) {
  const { t } = useTranslation();
  const plan = useDryRun(model, id, draft, true);
  const reason = useReasonText(doc);
  const p = plan.data;
  return (
    <section className="approval-panel card" data-testid="approval-plan" aria-busy={plan.isFetching}>
      <h2>{t('approvals.who')}</h2>
      {plan.isError && !p && (
        <Message
          severity="error"
          text={t('approvals.planError', { message: plan.error.message })}
          data-testid="approval-plan-error"
        />
      )}
      {!p && plan.isLoading && <p className="muted">{t('common.loading')}</p>}
      {p && (
        <>
          <p className="muted" data-testid="approval-plan-amount">
            {p.amount === null
              ? t('approvals.amountUnknown', { currency: p.documentCurrency })
              : t('approvals.amount', { amount: formatNumber(p.amount), currency: p.currency })}
          </p>
          {p.fallback ? (
            <p data-testid="approval-plan-fallback">{t('approvals.noRule')}</p>
          ) : (
            <ul className="approval-rules" data-testid="approval-plan-rules">
              {p.rules.map((r) => (
                <li key={r._id} data-testid="approval-plan-rule">
                  <strong>{r.name}</strong>
                  {': '}
                  {r.reasons.length
                    ? t('approvals.because', { reasons: r.reasons.map((x) => reason(x, p)).join(', ') })
                    : t('approvals.always')}
                </li>
              ))}
            </ul>
          )}
          <LevelList levels={p.levels} />
          {p.blocked && (
            <Message severity="warn" text={t('approvals.blocked')} data-testid="approval-plan-blocked" />
          )}
        </>
      )}
    </section>
  );
}
