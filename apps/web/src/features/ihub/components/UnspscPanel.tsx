import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { isAdminLevel, type UnspscGroup } from '@p2p/domain';
import { useUser } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toasts.ts';
import {
  useDeleteUnspscGroup,
  useImportUnspsc,
  useSaveUnspscGroup,
  useUnspscGroups,
} from '../api/unspsc-groups.ts';

const PREFIX = /^([0-9]{2}){1,4}$/;

/**
 * UNSPSC codes of the integration: the tenant's mapping from code prefixes (2, 4, 6 or 8 digits)
 * to ERP material groups, kept by ihub roles and administrators, and (administrators) the import
 * of the official code file. A line's code takes the group of its longest mapped prefix.
 */
export function UnspscPanel() {
  const { t } = useTranslation();
  const user = useUser();
  const groups = useUnspscGroups();
  const save = useSaveUnspscGroup();
  const remove = useDeleteUnspscGroup();
  const importer = useImportUnspsc();
  const [prefix, setPrefix] = useState('');
  const [group, setGroup] = useState('');
  const fail = (err: Error) => showToast({ severity: 'error', detail: err.message });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { prefix: prefix.trim(), materialGroup: group.trim() },
      {
        onSuccess: () => {
          showToast({ severity: 'success', detail: t('unspsc.saved') });
          setPrefix('');
          setGroup('');
        },
        onError: fail,
      },
    );
  };

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    importer.mutate(await file.text(), {
      onSuccess: (r) =>
        showToast({ severity: 'success', detail: t('unspsc.imported', { count: r.imported }) }),
      onError: fail,
    });
  };

  return (
    <section className="unspsc-panel" data-testid="unspsc-panel">
      <h2>{t('unspsc.groupsTitle')}</h2>
      <p className="muted">{t('unspsc.groupsHelp')}</p>
      <form
        onSubmit={submit}
        style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', marginBottom: '0.75rem' }}
      >
        <InputText
          value={prefix}
          onChange={(e) => setPrefix(e.target.value)}
          placeholder={t('unspsc.prefix')}
          aria-label={t('unspsc.prefix')}
          maxLength={8}
          inputMode="numeric"
          data-testid="unspsc-prefix"
        />
        <InputText
          value={group}
          onChange={(e) => setGroup(e.target.value)}
          placeholder={t('unspsc.materialGroup')}
          aria-label={t('unspsc.materialGroup')}
          maxLength={20}
          data-testid="unspsc-group"
        />
        <Button
          type="submit"
          icon="pi pi-check"
          label={t('unspsc.save')}
          disabled={!PREFIX.test(prefix.trim()) || !group.trim()}
          loading={save.isPending}
          data-testid="unspsc-save"
        />
      </form>
      <DataTable
        value={groups.data?.items ?? []}
        dataKey="prefix"
        loading={groups.isLoading}
        size="small"
        emptyMessage={t('unspsc.noGroups')}
        data-testid="unspsc-groups"
      >
        <Column field="prefix" header={t('unspsc.prefix')} />
        <Column field="title" header={t('unspsc.title')} />
        <Column field="materialGroup" header={t('unspsc.materialGroup')} />
        <Column
          header={t('ihub.columns.actions')}
          body={(g: UnspscGroup) => (
            <Button
              type="button"
              icon="pi pi-trash"
              text
              severity="danger"
              size="small"
              aria-label={t('unspsc.remove', { prefix: g.prefix })}
              onClick={() => remove.mutate(g.prefix, { onError: fail })}
              data-testid={`unspsc-remove-${g.prefix}`}
            />
          )}
        />
      </DataTable>
      {isAdminLevel(user) && (
        <div style={{ marginTop: '1rem' }}>
          <h3>{t('unspsc.importTitle')}</h3>
          <p className="muted">{t('unspsc.importHelp')}</p>
          <input
            type="file"
            accept=".csv,text/csv"
            aria-label={t('unspsc.importTitle')}
            disabled={importer.isPending}
            onChange={(e) => void importFile(e.target.files?.[0])}
            data-testid="unspsc-import"
          />
        </div>
      )}
    </section>
  );
}
