import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router';
import { Message } from 'primereact/message';
import { PATTERNS, type SupplierRegistrationRequest } from '@p2p/domain';
import { activeDomain, useAppConfig } from '../../../lib/app-config.ts';
import { usePickedDomain } from '../../../lib/domain.ts';
import { TermsStep, Wizard, type WizardStep } from '../../../components/Wizard.tsx';
import { registerSupplier } from '../api/auth.ts';
import { AuthCard } from './AuthCard.tsx';
import { TextField } from './FormField.tsx';

const COMPANY_FIELDS = ['companyName', 'vat', 'street', 'housenum', 'postcode', 'city', 'country'] as const;
const CONTACT_FIELDS = ['contactName', 'email', 'username', 'phone'] as const;
type FieldKey = (typeof COMPANY_FIELDS)[number] | (typeof CONTACT_FIELDS)[number];
const OPTIONAL: ReadonlySet<FieldKey> = new Set<FieldKey>(['housenum', 'phone']);

const EMPTY: Record<FieldKey, string> = {
  companyName: '',
  vat: '',
  street: '',
  housenum: '',
  postcode: '',
  city: '',
  country: '',
  contactName: '',
  email: '',
  username: '',
  phone: '',
};

export function SupplierRegistrationPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const domain = activeDomain(config, null, usePickedDomain());
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const validate = (keys: readonly FieldKey[]) => () => {
    const next: Partial<Record<FieldKey, string>> = {};
    for (const k of keys) {
      const v = values[k].trim();
      if (!v && !OPTIONAL.has(k)) next[k] = t('validation.required');
      else if (k === 'email' && !PATTERNS.email.test(v)) next[k] = t('validation.email');
      else if (k === 'phone' && v && !PATTERNS.phone.test(v)) next[k] = t('validation.phone');
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const field = (k: FieldKey, type = 'text') => (
    <TextField
      key={k}
      id={k}
      label={t(`auth.registration.fields.${k}`)}
      type={type}
      value={values[k]}
      required={!OPTIONAL.has(k)}
      error={errors[k]}
      onChange={(v) => setValues((s) => ({ ...s, [k]: v }))}
    />
  );

  const finish = async () => {
    setBusy(true);
    setServerError(null);
    const v = Object.fromEntries(Object.entries(values).map(([k, x]) => [k, x.trim()])) as Record<
      FieldKey,
      string
    >;
    const body: SupplierRegistrationRequest = {
      domain: domain?.id,
      company: {
        name: v.companyName,
        vat: v.vat,
        address: {
          street: v.street,
          housenum: v.housenum || undefined,
          postcode: v.postcode,
          city: v.city,
          country: v.country,
        },
      },
      contact: { name: v.contactName, email: v.email, username: v.username, phone: v.phone || undefined },
      acceptTerms,
    };
    try {
      await registerSupplier(body);
      setDone(true);
    } catch (err) {
      setServerError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const steps: WizardStep[] = [
    {
      key: 'company',
      title: t('auth.registration.steps.company'),
      validate: validate(COMPANY_FIELDS),
      content: <div className="form-grid">{COMPANY_FIELDS.map((k) => field(k))}</div>,
    },
    {
      key: 'contact',
      title: t('auth.registration.steps.contact'),
      validate: validate(CONTACT_FIELDS),
      content: (
        <div className="form-grid">
          {CONTACT_FIELDS.map((k) => field(k, k === 'email' ? 'email' : k === 'phone' ? 'tel' : 'text'))}
        </div>
      ),
    },
    {
      key: 'terms',
      title: t('auth.registration.steps.terms'),
      validate: () => acceptTerms,
      content: (
        <TermsStep
          text={<p>{t('auth.registration.termsText')}</p>}
          acceptTerms={acceptTerms}
          onChange={setAcceptTerms}
        />
      ),
    },
  ];

  return (
    <AuthCard title={t('auth.registration.title')} logo={domain?.logo} wide>
      {done ? (
        <div data-testid="registration-done" className="registration-done">
          <Message severity="success" text={t('auth.registration.done')} />
          <p>
            <Link to="/signin">{t('auth.registration.signInLink')}</Link>
          </p>
        </div>
      ) : (
        <>
          <Wizard steps={steps} onFinish={finish} canFinish={acceptTerms} busy={busy} />
          {serverError && (
            <Message severity="error" text={serverError} data-testid="registration-error" className="mt-2" />
          )}
          <div className="auth-links">
            <Link to="/signin">{t('auth.registration.signInLink')}</Link>
          </div>
        </>
      )}
    </AuthCard>
  );
}
