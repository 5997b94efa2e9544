import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { APPROVAL_LEVEL_KINDS, ROLE_KEYS, type ApprovalLevelSpec, type ApprovalPerson } from '@p2p/domain';
import { Field } from '../../../components/fields/index.ts';

/** Roles that can approve: suppliers, integration and the system user never do. */
const APPROVER_ROLES = ROLE_KEYS.filter(
  (r) => !['supplier', 'supplier-user', 'ihub-operator', 'system'].includes(r),
);

const person = (v: unknown): ApprovalPerson | undefined =>
  v && typeof v === 'object' && typeof (v as ApprovalPerson)._id === 'string'
    ? { _id: (v as ApprovalPerson)._id, name: (v as ApprovalPerson).name ?? '' }
    : undefined;

/** A level as the kind chosen needs it: the other kinds' fields are dropped (the server refuses them). */
export function levelOfKind(level: ApprovalLevelSpec, kind: ApprovalLevelSpec['kind']): ApprovalLevelSpec {
  if (kind === 'user') return { kind, ...(level.user ? { user: level.user } : {}) };
  if (kind === 'role') return { kind, role: level.role ?? 'manager' };
  return { kind, members: level.members ?? [], required: level.required ?? 1 };
}

export interface LevelFieldsProps {
  index: number;
  level: ApprovalLevelSpec;
  errors: Record<string, string>;
  onChange: (level: ApprovalLevelSpec) => void;
  onRemove?: () => void;
}

/** One level of a rule: its kind, then the approver, the role, or the committee and its N of M. */
export function LevelFields({ index, level, errors, onChange, onRemove }: LevelFieldsProps) {
  const { t } = useTranslation();
  const at = `levels.${index}`;
  const err = (field: string) => errors[`${at}.${field}`];
  return (
    <fieldset className="approval-rule-form__level" data-testid="approval-rule-level">
      <legend>{t('approvals.level', { n: index + 1 })}</legend>
      <label>
        {t('approvals.rules.kind')}
        <Dropdown
          value={level.kind}
          options={APPROVAL_LEVEL_KINDS.map((k) => ({ value: k, label: t(`approvals.rules.kinds.${k}`) }))}
          onChange={(e) => onChange(levelOfKind(level, e.value as ApprovalLevelSpec['kind']))}
          data-testid="approval-rule-level-kind"
        />
      </label>
      {level.kind === 'user' && (
        <Field
          field={{ src: `${at}.user`, type: 'user', ref: 'users' }}
          label={t('approvals.rules.user')}
          value={level.user ?? null}
          editable
          required
          error={err('user') ?? null}
          onChange={(v) => onChange({ kind: 'user', ...(person(v) ? { user: person(v)! } : {}) })}
        />
      )}
      {level.kind === 'role' && (
        <label>
          {t('approvals.rules.role')}
          <Dropdown
            value={level.role}
            options={APPROVER_ROLES.map((r) => ({
              value: r,
              label: t(`approvals.roles.${r}`, { defaultValue: r }),
            }))}
            onChange={(e) => onChange({ kind: 'role', role: String(e.value) })}
            data-testid="approval-rule-level-role"
          />
          {err('role') && <small className="p-error">{err('role')}</small>}
        </label>
      )}
      {level.kind === 'committee' && (
        <>
          <Field
            field={{ src: `${at}.members`, type: 'users', ref: 'users' }}
            label={t('approvals.rules.members')}
            value={level.members ?? []}
            editable
            required
            error={err('members') ?? null}
            onChange={(v) =>
              onChange({
                ...level,
                members: (Array.isArray(v) ? v : [])
                  .map(person)
                  .filter((p): p is ApprovalPerson => Boolean(p)),
              })
            }
          />
          <label>
            {t('approvals.rules.required')}
            <InputNumber
              value={level.required ?? 1}
              min={1}
              max={Math.max(1, level.members?.length ?? 1)}
              showButtons
              onValueChange={(e) => onChange({ ...level, required: e.value ?? 1 })}
              data-testid="approval-rule-level-required"
            />
            {err('required') && <small className="p-error">{err('required')}</small>}
          </label>
        </>
      )}
      {onRemove && (
        <Button
          type="button"
          icon="pi pi-trash"
          text
          severity="danger"
          aria-label={t('approvals.rules.removeLevel')}
          onClick={onRemove}
          data-testid="approval-rule-level-remove"
        />
      )}
    </fieldset>
  );
}
