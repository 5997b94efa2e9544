import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/toasts.ts';
import { ihubKeys } from '../api/ihub-messages.ts';

/** The kinds in dependency order: suppliers and materials before the contracts and orders naming them. */
const KINDS = ['suppliers', 'materials', 'contracts', 'orders'] as const;
type Counts = { created: number; updated: number; unchanged: number };

/**
 * Import from the ERP on demand (issue 13; the schedule is ERP_IMPORT_MINUTES): every kind in turn
 * through POST /ihub/import/{kind}, then one message with what came in. Each run is a message of
 * the monitor (direction 'in'), so the list reloads after.
 */
export function ErpImportButton() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const run = useMutation({
    mutationFn: async () => {
      const total: Counts = { created: 0, updated: 0, unchanged: 0 };
      for (const kind of KINDS) {
        const c = await api.post<Counts>(`/ihub/import/${kind}`);
        total.created += c.created;
        total.updated += c.updated;
        total.unchanged += c.unchanged;
      }
      return total;
    },
    onSettled: () => client.invalidateQueries({ queryKey: ihubKeys.all }),
  });
  return (
    <Button
      type="button"
      icon="pi pi-download"
      label={t('ihub.importNow')}
      severity="secondary"
      outlined
      loading={run.isPending}
      onClick={() =>
        run.mutate(undefined, {
          onSuccess: (c) => showToast({ severity: 'success', detail: t('ihub.importDone', c) }),
          onError: (err) => showToast({ severity: 'error', detail: err.message }),
        })
      }
      data-testid="ihub-import"
    />
  );
}
