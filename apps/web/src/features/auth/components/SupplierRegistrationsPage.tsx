import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { SupplierApprovalResponse } from '@p2p/domain';
import { Loading } from '../../../components/Loading.tsx';
import { approveRegistration, registrationsQuery, useRegistrations } from '../api/auth.ts';

/** Pending supplier registrations (manager-supplier): approve one to get its set-password link. */
export function SupplierRegistrationsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data, isLoading, error } = useRegistrations();
  const [approved, setApproved] = useState<Record<string, SupplierApprovalResponse>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const approve = async (id: string) => {
    setBusyId(id);
    setFailure(null);
    try {
      const res = await approveRegistration(id);
      setApproved((a) => ({ ...a, [id]: res }));
      await client.invalidateQueries({ queryKey: registrationsQuery().queryKey });
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusyId(null);
    }
  };

  const pending = (data ?? []).filter((r) => r.status === 'pending');
  const done = Object.entries(approved);

  return (
    <div className="page" data-testid="registrations-page">
      <h1>{t('auth.registrations.title')}</h1>
      {isLoading && <Loading />}
      {error && <Message severity="error" text={error.message} />}
      {failure && <Message severity="error" text={failure} />}
      {done.map(([id, res]) => (
        <Message
          key={id}
          severity="success"
          className="w-full mb-2"
          data-testid="approval-result"
          content={
            <span>
              {res.message} {t('auth.registrations.link')}:{' '}
              <Link to={res.setPasswordPath} data-testid="set-password-link">
                {res.setPasswordPath}
              </Link>
            </span>
          }
        />
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
              <th />
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
                <td>
                  <Button
                    size="small"
                    label={t('auth.registrations.approve')}
                    icon="pi pi-check"
                    loading={busyId === r._id}
                    onClick={() => void approve(r._id)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
