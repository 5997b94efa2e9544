import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatDate, formatTime, type AdminUser } from '@p2p/domain';
import { showToast } from '../../../lib/toasts.ts';
import { useState } from 'react';
import { useAdminUsers, usePasswordLink, useUserAction, type UserAction } from '../api/accounts.ts';

const DONE: Record<UserAction, string> = {
  approve: 'admin.users.approved',
  reject: 'admin.users.rejected',
  unlock: 'admin.users.unlocked',
};

/** Locked, waiting after failures, some failures counted, or nothing to tell. */
function SignInState({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const { locked, failures, blockedUntil } = user.signIn;
  if (locked) return <strong data-testid="admin-user-locked">{t('admin.users.locked')}</strong>;
  if (blockedUntil)
    return (
      <span>
        {t('admin.users.waiting', { time: `${formatDate(blockedUntil)} ${formatTime(blockedUntil)}` })}
      </span>
    );
  if (failures > 0) return <span>{t('admin.users.failures', { count: failures })}</span>;
  return <span className="muted">—</span>;
}

/**
 * The domain's users (pending first): approve or reject a pending sign-up, and unlock an account
 * that sign-in protection locked or keeps waiting after repeated failed passwords.
 */
export function UsersAdmin() {
  const { t } = useTranslation();
  const users = useAdminUsers();
  const action = useUserAction();
  const passwordLink = usePasswordLink();
  // the link made last (full URL, shown once: the server keeps only its hash)
  const [link, setLink] = useState<{ username: string; url: string } | null>(null);
  const makeLink = (user: AdminUser) =>
    passwordLink.mutate(user._id, {
      onSuccess: (answer) => setLink({ username: user.username, url: answer.url }),
    });
  const run = (id: string, what: UserAction) =>
    action.mutate(
      { id, action: what },
      { onSuccess: () => showToast({ severity: 'success', detail: t(DONE[what]) }) },
    );
  const button = (user: AdminUser, what: UserAction, icon: string) => (
    <Button
      type="button"
      label={t(`admin.users.${what}`)}
      icon={icon}
      text
      size="small"
      disabled={action.isPending}
      onClick={() => run(user._id, what)}
      data-testid={`admin-user-${what}`}
    />
  );

  return (
    <section className="card admin-users" aria-labelledby="admin-users-title" data-testid="admin-users">
      <h2 id="admin-users-title">{t('admin.users.title')}</h2>
      {users.isLoading && <p>{t('common.loading')}</p>}
      {users.error && <Message severity="error" text={users.error.message} />}
      {action.error && (
        <Message severity="error" text={action.error.message} data-testid="admin-user-error" />
      )}
      {passwordLink.error && (
        <Message severity="error" text={passwordLink.error.message} data-testid="admin-user-error" />
      )}
      {link && (
        <Message
          severity="success"
          className="w-full"
          data-testid="admin-password-link"
          content={
            <span>
              {t('admin.users.linkMade', { username: link.username })}{' '}
              <a href={link.url} className="break-all" data-testid="admin-password-link-url">
                {link.url}
              </a>
            </span>
          }
        />
      )}
      {users.data && (
        <table className="admin-versions admin-users__table">
          <thead>
            <tr>
              <th>{t('auth.username')}</th>
              <th>{t('auth.name')}</th>
              <th>{t('auth.email')}</th>
              <th>{t('admin.users.role')}</th>
              <th>{t('admin.users.status')}</th>
              <th>{t('admin.users.signIn')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {users.data.map((u) => (
              <tr key={u._id} data-testid="admin-user" data-username={u.username}>
                <td>{u.username}</td>
                <td>{u.name}</td>
                <td>{u.email}</td>
                <td>{u.role}</td>
                <td>{t(`admin.users.statuses.${u.status}`)}</td>
                <td>
                  <SignInState user={u} />
                  {u.passwordResetRequestedAt && (
                    <div data-testid="admin-user-reset-requested">
                      <strong>
                        {t('admin.users.resetRequested', {
                          time: `${formatDate(u.passwordResetRequestedAt)} ${formatTime(u.passwordResetRequestedAt)}`,
                        })}
                      </strong>
                    </div>
                  )}
                </td>
                <td className="admin-versions__actions">
                  {u.approvable && button(u, 'approve', 'pi pi-check')}
                  {u.approvable && button(u, 'reject', 'pi pi-times')}
                  {(u.signIn.locked || u.signIn.blockedUntil || u.signIn.failures > 0) &&
                    button(u, 'unlock', 'pi pi-lock-open')}
                  {u.status === 'active' && (
                    <Button
                      type="button"
                      label={t('admin.users.passwordLink')}
                      icon="pi pi-key"
                      text
                      size="small"
                      severity={u.passwordResetRequestedAt ? undefined : 'secondary'}
                      disabled={passwordLink.isPending}
                      onClick={() => makeLink(u)}
                      data-testid="admin-user-password-link"
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
