import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { SupplierApprovalResponse } from '@p2p/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Loading } from '../../../components/Loading.tsx';
import {
  approveRegistration,
  registrationsQuery,
  rejectRegistration,
  useRegistrations,
} from '../api/auth.ts';

type Decision =
  | { kind: 'approved'; res: SupplierApprovalResponse; company: string }
  | { kind: 'rejected'; company: string };

/** The outcome of one decision: an approval shows the full set-password link (and whether it was mailed). */
function DecisionMessage({ decision }: { decision: Decision }) {
  const { t } = useTranslation();
  if (decision.kind === 'rejected')
    return (
      <Message
        severity="info"
        className="w-full mb-2"
        data-testid="rejection-result"
        text={t('auth.registrations.rejected', { company: decision.company })}
      />
    );
  const { res } = decision;
  return (
    <Message
      severity="success"
      className="w-full mb-2"
      data-testid="approval-result"
      content={
        <span>
          {t('auth.registrations.approved', { company: decision.company })}{' '}
          {res.mailed ? t('auth.registrations.mailed') : t('auth.registrations.notMailed')}{' '}
          <a href={res.setPasswordUrl} data-testid="set-password-link" className="break-all">
            {res.setPasswordUrl}
          </a>
        </span>
      }
    />
  );
}

/** Pending supplier registrations (manager-supplier, admin): approve (the contact's link) or reject. */
export function SupplierRegistrationsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data, isLoading, error } = useRegistrations();
  const [decisions, setDecisions] = useState<Record<string, Decision>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  // a rejection disables the contact's account for good: asked first
  const [toReject, setToReject] = useState<{ id: string; company: string } | null>(null);

  const decide = async (id: string, company: string, kind: Decision['kind']) => {
    setBusyId(id);
    setFailure(null);
    try {
      const decision: Decision =
        kind === 'approved'
          ? { kind, company, res: await approveRegistration(id) }
          : (await rejectRegistration(id), { kind, company });
      setDecisions((d) => ({ ...d, [id]: decision }));
      await client.invalidateQueries({ queryKey: registrationsQuery().queryKey });
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusyId(null);
    }
  };

  const pending = (data ?? []).filter((r) => r.status === 'pending' && !decisions[r._id]);

  return (
    <div className="page" data-testid="registrations-page">
      <h1>{t('auth.registrations.title')}</h1>
      {isLoading && <Loading />}
      {error && <Message severity="error" text={error.message} />}
      {failure && <Message severity="error" text={failure} data-testid="registration-error" />}
      {Object.entries(decisions).map(([id, decision]) => (
        <DecisionMessage key={id} decision={decision} />
      ))}
      {!isLoading && pending.length === 0 && (
        <p data-testid="registrations-empty">{t('auth.registrations.empty')}</p>
      )}
      {pending.length > 0 && (
        <table className="simple-table" data-testid="registrations-table">
          <thead>
            <tr>
              <th>{t('auth.registration.fields.companyName')}</th>
              <th>{t('auth.registration.fields.vat')}</th>
              <th>{t('auth.registration.fields.contactName')}</th>
              <th>{t('auth.registration.fields.email')}</th>
              <th>{t('auth.registration.fields.username')}</th>
              <th>
                <span className="sr-only">{t('auth.registrations.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {pending.map((r) => (
              <tr key={r._id} data-testid={`registration-${r._id}`}>
                <td>{r.company.name}</td>
                <td>{r.company.vat}</td>
                <td>{r.contact.name}</td>
                <td>{r.contact.email}</td>
                <td>{r.contact.username}</td>
                <td className="registrations__actions">
                  <Button
                    size="small"
                    label={t('auth.registrations.approve')}
                    icon="pi pi-check"
                    loading={busyId === r._id}
                    disabled={busyId !== null}
                    onClick={() => void decide(r._id, r.company.name, 'approved')}
                    data-testid="registration-approve"
                  />
                  <Button
                    size="small"
                    severity="danger"
                    outlined
                    label={t('auth.registrations.reject')}
                    icon="pi pi-times"
                    disabled={busyId !== null}
                    onClick={() => setToReject({ id: r._id, company: r.company.name })}
                    data-testid="registration-reject"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        visible={toReject !== null}
        title={t('auth.registrations.reject')}
        message={t('auth.registrations.confirmReject', { company: toReject?.company ?? '' })}
        acceptLabel={t('auth.registrations.reject')}
        onAccept={() => {
          if (toReject) void decide(toReject.id, toReject.company, 'rejected');
          setToReject(null);
        }}
        onCancel={() => setToReject(null)}
      />
    </div>
  );
}
