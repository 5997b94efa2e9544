import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { AppDialog } from '../../../components/AppDialog.tsx';
import type { DrillTarget } from '../result-chart.ts';

export interface DrillChoiceProps {
  /** the lists behind the figure; the dialog shows while there are some */
  targets: DrillTarget[] | null;
  onPick: (target: DrillTarget) => void;
  onHide: () => void;
}

/**
 * A figure over two lists (pending evaluations: of orders and of contracts) opens neither on its
 * own: the user picks the list, each by its name and the number of its documents in the figure.
 */
export function DrillChoice({ targets, onPick, onHide }: DrillChoiceProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      visible={Boolean(targets?.length)}
      onHide={onHide}
      header={t('reports.drillChoice')}
      dismissableMask
      testId="report-drill-choice"
    >
      <div className="report-drill-choice">
        {(targets ?? []).map((target) => (
          <Button
            key={target.model}
            label={target.count === null ? (target.label ?? '') : `${target.label ?? ''} (${target.count})`}
            icon="pi pi-list"
            outlined
            onClick={() => onPick(target)}
            data-testid={`report-drill-${target.model}`}
          />
        ))}
      </div>
    </AppDialog>
  );
}
