import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import {
  approvalRuleErrors,
  labelText,
  type ApiFieldError,
  type ApprovalConditions,
  type ApprovalPerson,
  type ApprovalRule,
  type ApprovalRuleRequest,
} from '@p2p/domain';
import { Field } from '../../../components/fields/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useSaveApprovalRule } from '../api/approval-rules.ts';
import { useOrganizationChoices } from '../api/get-organization.ts';
import { useSubtypes } from '../api/get-subtypes.ts';
import { LevelFields } from './LevelFields.tsx';

const LINE_TYPES = ['material', 'service', 'tax'] as const;

/** A comma list typed by the administrator ('40, 4314') as entries, blanks dropped. */
const entries = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Empty lists and blank amounts are no condition: they are left out of the rule. */
function clean(c: ApprovalConditions): ApprovalConditions {
  const out: ApprovalConditions = {};
  for (const key of ['subtypes', 'groups', 'plants', 'unspsc', 'lineTypes'] as const)
    if (c[key]?.length) out[key] = c[key];
  if (c.suppliers?.length) out.suppliers = c.suppliers;
  const min = c.amount?.min?.trim();
  const max = c.amount?.max?.trim();
  if (min || max) out.amount = { ...(min ? { min } : {}), ...(max ? { max } : {}) };
  return out;
}

const byField = (errors: ReadonlyArray<ApiFieldError>) =>
  Object.fromEntries(errors.filter((e) => e.field).map((e) => [e.field!, e.message]));

export interface RuleFormProps {
  model: ApprovalRuleRequest['model'];
  rule: ApprovalRule | null;
  onDone: () => void;
}

/** A rule's form: name, order, conditions and levels; the domain's checks run before the server's. */
export function RuleForm({ model, rule, onDone }: RuleFormProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<ApprovalRuleRequest>(() => ({
    model,
    name: rule?.name ?? '',
    priority: rule?.priority ?? 100,
    conditions: rule?.conditions ?? {},
    levels: rule?.levels.length ? rule.levels : [{ kind: 'role', role: 'manager' }],
    enabled: rule?.enabled ?? true,
    ...(rule ? { version: rule.version } : {}),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [unspsc, setUnspsc] = useState((rule?.conditions.unspsc ?? []).join(', '));
  const save = useSaveApprovalRule();
  const org = useOrganizationChoices();
  const subtypes = useSubtypes();
  const c = draft.conditions;
  const setConditions = (patch: Partial<ApprovalConditions>) =>
    setDraft({ ...draft, conditions: { ...c, ...patch } });

  const submit = () => {
    const body = { ...draft, conditions: clean({ ...c, unspsc: entries(unspsc) }) };
    const local = approvalRuleErrors(body);
    setErrors(byField(local));
    if (local.length) return;
    save.mutate(
      { id: rule?._id ?? null, body },
      {
        onSuccess: () => {
          showToast({ severity: 'success', detail: t('approvals.rules.saved') });
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.errors.length) setErrors(byField(err.errors));
          showToast({
            severity: 'error',
            detail: err instanceof ApiError && err.status === 409 ? t('approvals.rules.stale') : err.message,
          });
        },
      },
    );
  };

  const row = (label: string, control: ReactNode, field?: string) => (
    <label className="field">
      <span className="field__label">{label}</span>
      {control}
      {field && errors[field] && <small className="p-error">{errors[field]}</small>}
    </label>
  );
  const subtypeOptions = (subtypes.data?.[model] ?? []).map((s) => ({
    value: s.key,
    label: `${s.key} ${labelText(s.label, i18n.language)}`,
  }));

  return (
    <form
      className="approval-rule-form"
      data-testid="approval-rule-form"
      onSubmit={(e) => e.preventDefault()}
    >
      {row(
        t('approvals.rules.name'),
        <InputText
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          data-testid="approval-rule-name"
        />,
        'name',
      )}
      {row(
        t('approvals.rules.priority'),
        <InputNumber
          value={draft.priority}
          min={0}
          max={10000}
          onValueChange={(e) => setDraft({ ...draft, priority: e.value ?? 0 })}
        />,
      )}
      <label className="field">
        <Checkbox
          checked={draft.enabled}
          onChange={(e) => setDraft({ ...draft, enabled: Boolean(e.checked) })}
          data-testid="approval-rule-enabled"
        />{' '}
        {t('approvals.rules.enabled')}
      </label>
      <h3>{t('approvals.rules.conditions')}</h3>
      <p className="muted">{t('approvals.rules.conditionsHelp')}</p>
      {row(
        t('approvals.rules.subtypes'),
        <MultiSelect
          value={c.subtypes ?? []}
          options={subtypeOptions}
          onChange={(e) => setConditions({ subtypes: e.value as string[] })}
          display="chip"
        />,
      )}
      {row(
        t('approvals.rules.groups'),
        <MultiSelect
          value={c.groups ?? []}
          options={org.data?.groups ?? []}
          onChange={(e) => setConditions({ groups: e.value as string[] })}
          display="chip"
        />,
      )}
      {row(
        t('approvals.rules.plants'),
        <MultiSelect
          value={c.plants ?? []}
          options={org.data?.plants ?? []}
          onChange={(e) => setConditions({ plants: e.value as string[] })}
          display="chip"
        />,
      )}
      <Field
        field={{ src: 'conditions.suppliers', type: 'suppliers', ref: 'supplier' }}
        label={t('approvals.rules.suppliers')}
        value={c.suppliers ?? []}
        editable
        onChange={(v) => setConditions({ suppliers: (Array.isArray(v) ? v : []) as ApprovalPerson[] })}
      />
      {row(
        t('approvals.rules.amountMin', { currency: 'EUR' }),
        <InputText
          value={c.amount?.min ?? ''}
          inputMode="decimal"
          onChange={(e) => setConditions({ amount: { ...c.amount, min: e.target.value } })}
          data-testid="approval-rule-min"
        />,
        'conditions.amount.min',
      )}
      {row(
        t('approvals.rules.amountMax', { currency: 'EUR' }),
        <InputText
          value={c.amount?.max ?? ''}
          inputMode="decimal"
          onChange={(e) => setConditions({ amount: { ...c.amount, max: e.target.value } })}
          data-testid="approval-rule-max"
        />,
        'conditions.amount.max',
      )}
      {row(
        t('approvals.rules.unspsc'),
        <InputText value={unspsc} placeholder="40, 4314" onChange={(e) => setUnspsc(e.target.value)} />,
      )}
      {row(
        t('approvals.rules.lineTypes'),
        <MultiSelect
          value={c.lineTypes ?? []}
          options={LINE_TYPES.map((v) => ({ value: v, label: t(`approvals.lineTypes.${v}`) }))}
          onChange={(e) => setConditions({ lineTypes: e.value as string[] })}
          display="chip"
        />,
      )}
      <h3>{t('approvals.rules.levels')}</h3>
      <p className="muted">{t('approvals.rules.levelsHelp')}</p>
      {draft.levels.map((level, i) => (
        <LevelFields
          key={i}
          index={i}
          level={level}
          errors={errors}
          onChange={(l) => setDraft({ ...draft, levels: draft.levels.map((x, j) => (j === i ? l : x)) })}
          {...(draft.levels.length > 1
            ? { onRemove: () => setDraft({ ...draft, levels: draft.levels.filter((_, j) => j !== i) }) }
            : {})}
        />
      ))}
      <div className="approval-rule-form__actions">
        <Button
          type="button"
          label={t('approvals.rules.addLevel')}
          icon="pi pi-plus"
          outlined
          onClick={() => setDraft({ ...draft, levels: [...draft.levels, { kind: 'role', role: 'manager' }] })}
          data-testid="approval-rule-add-level"
        />{' '}
        <Button
          type="button"
          label={t('approvals.rules.save')}
          icon="pi pi-save"
          disabled={save.isPending}
          onClick={submit}
          data-testid="approval-rule-save"
        />{' '}
        <Button
          type="button"
          label={t('approvals.rules.cancel')}
          severity="secondary"
          text
          onClick={onDone}
        />
      </div>
    </form>
  );
}
