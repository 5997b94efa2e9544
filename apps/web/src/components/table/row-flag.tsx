import { useTranslation } from '../../lib/use-translation.ts';
import { ROW_FLAGS, type RowFlag } from '@p2p/domain';

/** Seed 001 section 2.4: a row may carry a status flag, sent as `flag: {status}` on the row. */
export { ROW_FLAGS, type RowFlag };

const FLAG_ICONS: Record<RowFlag, string> = {
  new: 'pi pi-star',
  warn: 'pi pi-exclamation-triangle',
  fail: 'pi pi-times-circle',
  ignore: 'pi pi-minus-circle',
};

const isRowFlag = (v: unknown): v is RowFlag => (ROW_FLAGS as readonly unknown[]).includes(v);

/** The status flag of a row (`row.flag.status`), or null when it has none or an unknown one. */
export function rowFlag(row: Record<string, unknown>): RowFlag | null {
  const flag = row.flag;
  if (typeof flag !== 'object' || flag === null) return null;
  const status = (flag as { status?: unknown }).status;
  return isRowFlag(status) ? status : null;
}

/** The flag's icon in its colour, labelled for screen readers and as a tooltip. */
export function RowFlagIcon({ flag }: { flag: RowFlag }) {
  const { t } = useTranslation();
  const label = t(`table.flags.${flag}`);
  return (
    <i
      className={`row-flag row-flag--${flag} ${FLAG_ICONS[flag]}`}
      role="img"
      aria-label={label}
      title={label}
      data-testid="row-flag"
      data-flag={flag}
    />
  );
}
