import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { actsAsSupplier, formatDate, type ApiFieldError, type ApprovalPerson } from '@p2p/domain';
import { Field } from '../../../components/fields/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useUser } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useCreateDelegation, useDelegations, useDeleteDelegation } from '../api/delegations.ts';
import './approvals.css';

const byField = (errors: ReadonlyArray<ApiFieldError>) =>
  Object.fromEntries(errors.filter((e) => e.field).map((e) => [e.field!, e.message]));

/**
 * The account page's delegation card: while the user is away (from one day to another, both
 * included), the approvals assigned to them go to the substitute they name, who decides on their
 * behalf. Suppliers approve nothing and see no card.
 */
export function DelegationCard() {
  const { t } = useTranslation();
  const user = useUser();
  const delegations = useDelegations();
  const create = useCreateDelegation();
  const removal = useDeleteDelegation();
  const [substitute, setSubstitute] = useState<ApprovalPerson | null>(null);
  const [startsOn, setStartsOn] = useState<string | null>(null);
  const [endsOn, setEndsOn] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!user || actsAsSupplier(user)) return null;

  const add = () => {
    if (!substitute || !startsOn || !endsOn) return;
    setErrors({});
    create.mutate(
      { substitute: { _id: substitute._id }, startsOn, endsOn },
      {
        onSuccess: () => {
          showToast({ severity: 'success', detail: t('approvals.delegation.saved') });
          setSubstitute(null);
          setStartsOn(null);
          setEndsOn(null);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.errors.length) setErrors(byField(err.errors));
          else showToast({ severity: 'error', detail: err.message });
        },
      },
    );
  };

  return (
    <section className="card approval-delegation" data-testid="delegation-card">
      <h2>{t('approvals.delegation.title')}</h2>
      <p className="muted">{t('approvals.delegation.help')}</p>
      {delegations.data && !delegations.data.length && (
        <p className="muted" data-testid="delegation-empty">
          {t('approvals.delegation.empty')}
        </p>
      )}
      <ul>
        {(delegations.data ?? []).map((d) => (
          <li key={d._id} data-testid="delegation">
            {t('approvals.delegation.entry', {
              name: d.substitute.name,
              from: formatDate(d.startsOn),
              to: formatDate(d.endsOn),
            })}{' '}
            <Button
              type="button"
              label={t('approvals.delegation.remove')}
              text
              size="small"
              disabled={removal.isPending}
              onClick={() =>
                removal.mutate(d._id, {
                  onSuccess: () =>
                    showToast({ severity: 'success', detail: t('approvals.delegation.removed') }),
                  onError: (err) => showToast({ severity: 'error', detail: err.message }),
                })
              }
              data-testid="delegation-remove"
            />
          </li>
        ))}
      </ul>
      <form onSubmit={(e) => e.preventDefault()}>
        <Field
          field={{ src: 'substitute', type: 'user', ref: 'users' }}
          label={t('approvals.delegation.substitute')}
          value={substitute}
          editable
          required
          error={errors.substitute ?? null}
          onChange={(v) => setSubstitute(v && typeof v === 'object' ? (v as ApprovalPerson) : null)}
        />
        <Field
          field={{ src: 'startsOn', type: 'date' }}
          label={t('approvals.delegation.from')}
          value={startsOn}
          editable
          required
          error={errors.startsOn ?? null}
          onChange={(v) => setStartsOn(typeof v === 'string' ? v : null)}
        />
        <Field
          field={{ src: 'endsOn', type: 'date' }}
          label={t('approvals.delegation.to')}
          value={endsOn}
          editable
          required
          error={errors.endsOn ?? null}
          onChange={(v) => setEndsOn(typeof v === 'string' ? v : null)}
        />
        <Button
          type="button"
          label={t('approvals.delegation.add')}
          icon="pi pi-user-plus"
          disabled={!substitute || !startsOn || !endsOn || create.isPending}
          onClick={add}
          data-testid="delegation-add"
        />
      </form>
    </section>
  );
}
