import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { normalizeEmailDomains, SIGN_UP_MODES, type SignUpMode } from '@p2p/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useSaveSignUpPolicy, useSignUpPolicy } from '../api/accounts.ts';

/** One e-mail domain per line (commas and spaces also separate). */
const parseDomains = (text: string) => normalizeEmailDomains(text.split(/[\s,;]+/));

/**
 * The domain's sign-up setting: closed, open to listed e-mail domains (active at once) or open with
 * approval (the account waits in the users list below until an administrator approves it).
 */
export function SignUpPolicyEditor() {
  const { t } = useTranslation();
  const policy = useSignUpPolicy();
  const save = useSaveSignUpPolicy();
  const [mode, setMode] = useState<SignUpMode>('approval');
  const [domains, setDomains] = useState('');
  useEffect(() => {
    if (!policy.data) return;
    setMode(policy.data.mode);
    setDomains(policy.data.domains.join('\n'));
  }, [policy.data]);

  const submit = () =>
    save.mutate(
      { mode, domains: parseDomains(domains) },
      { onSuccess: () => showToast({ severity: 'success', detail: t('admin.signUp.saved') }) },
    );
  const error =
    save.error instanceof ApiError && save.error.key === 'admin.sign-up-invalid'
      ? t('admin.signUp.invalid')
      : save.error?.message;

  return (
    <section className="card admin-signup" aria-labelledby="admin-signup-title" data-testid="admin-signup">
      <h2 id="admin-signup-title">{t('admin.signUp.title')}</h2>
      {policy.error && <Message severity="error" text={policy.error.message} />}
      <fieldset className="admin-signup__modes" disabled={!policy.data || save.isPending}>
        <legend className="muted">{t('admin.signUp.help')}</legend>
        {SIGN_UP_MODES.map((m) => (
          <label key={m} className="admin-signup__mode">
            <input
              type="radio"
              name="admin-signup-mode"
              value={m}
              checked={mode === m}
              onChange={() => setMode(m)}
              data-testid={`admin-signup-mode-${m}`}
            />{' '}
            {t(`admin.signUp.modes.${m}`)}
          </label>
        ))}
      </fieldset>
      {mode === 'domains' && (
        <>
          <label htmlFor="admin-signup-domains">{t('admin.signUp.domains')}</label>
          <InputTextarea
            id="admin-signup-domains"
            value={domains}
            rows={3}
            className="w-full"
            placeholder="example.com"
            onChange={(e) => setDomains(e.target.value)}
            data-testid="admin-signup-domains"
          />
        </>
      )}
      <div className="admin-offline__buttons">
        <Button
          type="button"
          label={t('admin.signUp.save')}
          disabled={!policy.data || save.isPending}
          onClick={submit}
          data-testid="admin-signup-save"
        />
      </div>
      {error && <Message severity="error" text={error} data-testid="admin-signup-error" />}
    </section>
  );
}
