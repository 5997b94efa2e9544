import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import {
  APPROVAL_PARENT_MODELS,
  formatNumber,
  type ApprovalLevelSpec,
  type ApprovalParentModel,
  type ApprovalRule,
} from '@p2p/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useApprovalRules, useDeleteApprovalRule } from '../api/approval-rules.ts';
import { RuleForm } from './RuleForm.tsx';
import './approvals.css';

/** A level in a few words: 'Diana Duarte', 'Role: director', '2 of 3: Ana, Rui, Bea'. */
function useLevelText() {
  const { t } = useTranslation();
  return (l: ApprovalLevelSpec) =>
    l.kind === 'user'
      ? (l.user?.name ?? l.user?._id ?? '')
      : l.kind === 'role'
        ? t('approvals.kinds.role', { role: t(`approvals.roles.${l.role}`, { defaultValue: l.role }) })
        : t('approvals.rules.committeeOf', {
            required: l.required ?? l.members?.length ?? 0,
            count: l.members?.length ?? 0,
            names: (l.members ?? []).map((m) => m.name ?? m._id).join(', '),
          });
}

/** The conditions in a few words; none: the rule applies to every document of its model. */
function useConditionText() {
  const { t } = useTranslation();
  return (r: ApprovalRule) => {
    const c = r.conditions;
    const parts: string[] = [];
    if (c.subtypes?.length) parts.push(t('approvals.reasons.subtypes', { value: c.subtypes.join(', ') }));
    if (c.groups?.length) parts.push(t('approvals.rules.groupCount', { count: c.groups.length }));
    if (c.plants?.length) parts.push(t('approvals.reasons.plants', { value: c.plants.join(', ') }));
    if (c.suppliers?.length) parts.push(c.suppliers.map((s) => s.name ?? s._id).join(', '));
    if (c.amount) {
      const { min, max } = c.amount;
      parts.push(
        t('approvals.rules.amountRange', {
          min: min ? formatNumber(min) : '0',
          max: max ? formatNumber(max) : '∞',
          currency: 'EUR',
        }),
      );
    }
    if (c.unspsc?.length) parts.push(t('approvals.reasons.unspsc', { value: c.unspsc.join(', ') }));
    if (c.lineTypes?.length) parts.push(t('approvals.reasons.lineTypes', { value: c.lineTypes.join(', ') }));
    return parts.length ? parts.join('; ') : t('approvals.always');
  };
}

/** /admin, tab 'Approval rules': a table of the rules of each model, and a form for one. */
export function ApprovalRulesEditor() {
  const { t } = useTranslation();
  const [model, setModel] = useState<ApprovalParentModel>('requisition');
  const [editing, setEditing] = useState<ApprovalRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ApprovalRule | null>(null);
  const rules = useApprovalRules(true);
  const removal = useDeleteApprovalRule();
  const levelText = useLevelText();
  const conditionText = useConditionText();
  const shown = (rules.data ?? []).filter((r) => r.model === model);

  const remove = () => {
    if (!deleting) return;
    const id = deleting._id;
    setDeleting(null);
    removal.mutate(id, {
      onSuccess: () => showToast({ severity: 'success', detail: t('approvals.rules.deleted') }),
      onError: (err) => showToast({ severity: 'error', detail: err.message }),
    });
  };

  return (
    <section className="approval-rules-editor" data-testid="approval-rules-editor">
      <h2>{t('approvals.rules.title')}</h2>
      <p className="muted">{t('approvals.rules.help')}</p>
      <SelectButton
        value={model}
        options={APPROVAL_PARENT_MODELS.map((m) => ({
          value: m,
          label: t(`documents.singular.${m}`, { defaultValue: m }),
        }))}
        onChange={(e) => {
          if (e.value) setModel(e.value as ApprovalParentModel);
          setEditing(null);
        }}
        allowEmpty={false}
        data-testid="approval-rules-model"
      />
      {rules.isError && (
        <Message severity="error" text={rules.error.message} data-testid="approval-rules-error" />
      )}
      {editing ? (
        <RuleForm
          key={editing === 'new' ? 'new' : editing._id}
          model={model}
          rule={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <>
          <table data-testid="approval-rules-table">
            <thead>
              <tr>
                <th>{t('approvals.rules.priority')}</th>
                <th>{t('approvals.rules.name')}</th>
                <th>{t('approvals.rules.conditions')}</th>
                <th>{t('approvals.rules.levels')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr key={r._id} data-testid="approval-rule-row" className={r.enabled ? undefined : 'muted'}>
                  <td>{r.priority}</td>
                  <td>
                    {r.name}
                    {!r.enabled && <> ({t('approvals.rules.disabled')})</>}
                  </td>
                  <td>{conditionText(r)}</td>
                  <td>
                    <ol>
                      {r.levels.map((l, i) => (
                        <li key={i}>{levelText(l)}</li>
                      ))}
                    </ol>
                  </td>
                  <td>
                    <Button
                      type="button"
                      icon="pi pi-pencil"
                      text
                      aria-label={t('approvals.rules.edit')}
                      onClick={() => setEditing(r)}
                      data-testid="approval-rule-edit"
                    />
                    <Button
                      type="button"
                      icon="pi pi-trash"
                      text
                      severity="danger"
                      aria-label={t('approvals.rules.delete')}
                      onClick={() => setDeleting(r)}
                      data-testid="approval-rule-delete"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {!rules.isLoading && !shown.length && (
            <p className="muted" data-testid="approval-rules-empty">
              {t('approvals.rules.empty')}
            </p>
          )}
          <Button
            type="button"
            label={t('approvals.rules.add')}
            icon="pi pi-plus"
            onClick={() => setEditing('new')}
            data-testid="approval-rule-add"
          />
        </>
      )}
      <ConfirmDialog
        visible={deleting !== null}
        message={t('approvals.rules.deleteConfirm', { name: deleting?.name ?? '' })}
        onAccept={remove}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
