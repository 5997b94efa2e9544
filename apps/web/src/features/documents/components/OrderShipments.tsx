import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Panel } from 'primereact/panel';
import { formatDate } from '@p2p/domain';
import type { DocumentData } from '../api/types.ts';

/** One delivery of an order (data.ships): the server prints it at /purchasing/order-pdf/{id}/{shipId}. */
export interface Shipment {
  id: string;
  date: string;
  address: string;
  /** positions carried; empty: every line */
  positions: number[];
}

type Json = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const obj = (v: unknown): Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};

/** An address object ({name, street, postcode, city, country}) or text on one line. */
function addressText(value: unknown): string {
  if (typeof value === 'string') return value.split('\n').filter(Boolean).join(', ');
  const a = obj(value);
  const city = [str(a.postcode), str(a.city)].filter(Boolean).join(' ');
  return [str(a.name), str(a.street), str(a.street2), city, str(a.country)].filter(Boolean).join(', ');
}

/**
 * The deliveries of an order as the server reads them (order-pdf.service): entries of data.ships
 * identified by _id, id or key (entries without one cannot be printed and are left out), a date
 * (date or deliveryDate), an address and the positions they carry (numbers or {pos}).
 */
export function shipsOf(doc: DocumentData | undefined): Shipment[] {
  const raw = doc?.ships;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry): Shipment[] => {
    const s = obj(entry);
    const id = str(s._id) || str(s.id) || str(s.key);
    if (!id) return [];
    const positions = Array.isArray(s.lines)
      ? s.lines.map((l) => (typeof l === 'number' ? l : Number(obj(l).pos))).filter((n) => Number.isFinite(n))
      : [];
    return [{ id, date: str(s.date) || str(s.deliveryDate), address: addressText(s.address), positions }];
  });
}

export interface OrderShipmentsProps {
  ships: Shipment[];
  /** opens the delivery's PDF (same call and token as the order PDF) */
  onPdf: (shipId: string) => void;
  /** the delivery whose PDF is on its way */
  opening?: string | null;
}

/** The 'Deliveries' panel of an order: one row per shipment with its own PDF button. */
export function OrderShipments({ ships, onPdf, opening }: OrderShipmentsProps) {
  const { t } = useTranslation();
  return (
    <div data-testid="group-shipments">
      <Panel header={t('documents.shipments.title')} toggleable className="form-group">
        {/* a phone scrolls the table, not the page; reachable by keyboard (WCAG 2.1.1) */}
        <div
          className="shipments-scroll"
          role="region"
          aria-label={t('documents.shipments.title')}
          tabIndex={0}
        >
          <table className="shipments" data-testid="shipments">
            <thead>
              <tr>
                <th scope="col">{t('documents.shipments.delivery')}</th>
                <th scope="col">{t('documents.shipments.date')}</th>
                <th scope="col">{t('documents.shipments.address')}</th>
                <th scope="col">{t('documents.shipments.lines')}</th>
                <th scope="col">
                  <span className="sr-only">{t('documents.pdf')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {ships.map((s) => (
                <tr key={s.id} data-testid={`shipment-${s.id}`}>
                  <td>{s.id}</td>
                  <td>{s.date ? formatDate(s.date) : ''}</td>
                  <td>{s.address}</td>
                  <td>{s.positions.length ? s.positions.join(', ') : t('documents.shipments.allLines')}</td>
                  <td>
                    <Button
                      type="button"
                      label={t('documents.pdf')}
                      icon="pi pi-file-pdf"
                      size="small"
                      severity="secondary"
                      outlined
                      loading={opening === s.id}
                      aria-label={t('documents.shipments.pdf', { id: s.id })}
                      data-testid={`shipment-pdf-${s.id}`}
                      onClick={() => onPdf(s.id)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>
    </div>
  );
}
