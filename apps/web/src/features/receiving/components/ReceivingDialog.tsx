import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import {
  formatNumber,
  orderLineRef,
  parseNumericInput,
  QUANTITY_DECIMALS,
  type OpenLine,
  type ReceivingAction,
} from '@p2p/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
import { modelRoutes } from '../../../lib/model-routes.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useOpenQuantities } from '../api/get-open-quantities.ts';
import { useStartReception } from '../api/start-reception.ts';

export interface ReceivingDialogProps {
  orderId: string;
  orderKey: string;
  /** the order version the user read: the server answers 409 when it changed since */
  orderVersion: number;
  action: ReceivingAction;
  onClose: () => void;
}

const today = () => new Date().toISOString().slice(0, 10);
const quantity = (v: string) => formatNumber(v, QUANTITY_DECIMALS);
/** Something is still open on the line (the server answers quantities as decimal text). */
const hasOpen = (l: OpenLine) => /[1-9]/.test(l.open);

/** The server's refusal: the message of each order line, and the rest as one list. */
function refusal(err: unknown): { lines: Record<string, string>; other: string[] } {
  if (!(err instanceof ApiError)) return { lines: {}, other: [String((err as Error)?.message ?? err)] };
  const lines: Record<string, string> = {};
  const other: string[] = [];
  for (const e of err.errors) {
    if (e.line?.pos !== undefined) lines[orderLineRef(e.line)] = e.message;
    else other.push(e.message);
  }
  if (!err.errors.length) other.push(err.message);
  return { lines, other };
}

/**
 * The dialog of a dispatch (the order's supplier) or goods receipt (the receiving staff): each open
 * order line with the quantity to take (at most its open quantity; the server decides), a delivery
 * note and the day the goods were shipped or received. The new reception opens once created.
 */
export function ReceivingDialog({ orderId, orderKey, orderVersion, action, onClose }: ReceivingDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useAppConfig();
  const open = useOpenQuantities(orderId, true);
  const start = useStartReception(orderId, action);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [deliveryNote, setDeliveryNote] = useState('');
  const [date, setDate] = useState(today);
  const failed = useMemo(() => (start.error ? refusal(start.error) : null), [start.error]);
  const lines: OpenLine[] = open.data?.lines ?? [];
  const asked = lines.filter((l) => (typed[orderLineRef(l)] ?? '').trim() !== '');
  const receptionPath = modelRoutes(config).find((r) => r.model === 'reception')?.path ?? '/reception';

  const submit = () =>
    start.mutate(
      {
        lines: asked.map((l) => {
          const text = typed[orderLineRef(l)]!.trim();
          return { pos: l.pos, subpos: l.subpos, quantity: parseNumericInput(text) ?? text };
        }),
        ...(deliveryNote.trim() ? { deliveryNote: deliveryNote.trim() } : {}),
        ...(date ? { date } : {}),
        _version: orderVersion,
      },
      {
        onSuccess: (reception) => {
          showToast({
            severity: 'success',
            detail: t(`receiving.${action}.created`, { key: reception.key ?? '' }),
          });
          onClose();
          void navigate(`${receptionPath}/${encodeURIComponent(String(reception._id))}`);
        },
      },
    );

  return (
    <Dialog
      visible
      header={t(`receiving.${action}.title`, { key: orderKey })}
      onHide={onClose}
      style={{ width: 'min(48rem, 95vw)' }}
      data-testid="receiving-dialog"
      footer={
        <div className="confirm-dialog__buttons">
          <Button type="button" label={t('receiving.cancel')} severity="secondary" text onClick={onClose} />
          <Button
            type="button"
            label={t('receiving.submit')}
            disabled={!asked.length || start.isPending}
            loading={start.isPending}
            data-testid="receiving-submit"
            onClick={submit}
          />
        </div>
      }
    >
      {open.isError && (
        <p className="p-error" role="alert">
          {t('receiving.loadError')}
        </p>
      )}
      {open.data && !lines.some(hasOpen) && (
        <p data-testid="receiving-nothing-open">{t('receiving.nothingOpen')}</p>
      )}
      <table className="receiving-lines" aria-label={t('receiving.linesTitle')}>
        <thead>
          <tr>
            <th>{t('receiving.line')}</th>
            <th>{t('receiving.item')}</th>
            <th>{t('receiving.ordered')}</th>
            <th>{t('receiving.received')}</th>
            <th>{t('receiving.open')}</th>
            <th>{t('receiving.quantity')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => {
            const ref = orderLineRef(l);
            const error = failed?.lines[ref];
            return (
              <tr key={ref} data-testid={`receiving-line-${l.pos}`}>
                <td>{l.subpos ? `${l.pos}.${l.subpos}` : l.pos}</td>
                <td>{[l.item, l.description].filter(Boolean).join(' – ')}</td>
                <td>{quantity(l.ordered)}</td>
                <td>{quantity(l.received)}</td>
                <td>{quantity(l.open)}</td>
                <td>
                  <input
                    className={`p-inputtext p-inputtext-sm${error ? ' p-invalid' : ''}`}
                    inputMode="decimal"
                    aria-label={`${t('receiving.quantity')} ${l.pos}`}
                    aria-invalid={Boolean(error)}
                    placeholder={quantity(l.open)}
                    disabled={!hasOpen(l)}
                    value={typed[ref] ?? ''}
                    data-testid={`receiving-quantity-${l.pos}`}
                    onChange={(e) => setTyped({ ...typed, [ref]: e.target.value })}
                  />
                  {error && (
                    <small className="p-error" data-testid={`receiving-error-${l.pos}`}>
                      {error}
                    </small>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <label className="field-label" htmlFor="receiving-delivery-note">
        {t('receiving.deliveryNote')}
      </label>
      <input
        id="receiving-delivery-note"
        className="p-inputtext"
        maxLength={255}
        value={deliveryNote}
        data-testid="receiving-delivery-note"
        onChange={(e) => setDeliveryNote(e.target.value)}
      />
      <label className="field-label" htmlFor="receiving-date">
        {t(`receiving.${action}.date`)}
      </label>
      <input
        id="receiving-date"
        type="date"
        className="p-inputtext"
        value={date}
        data-testid="receiving-date"
        onChange={(e) => setDate(e.target.value)}
      />
      {failed && failed.other.length > 0 && (
        <ul className="p-error" role="alert" data-testid="receiving-errors">
          {failed.other.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
