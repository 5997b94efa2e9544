import { useEffect, useState } from 'react';
import { useMapTranslation } from '../map-language.ts';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { PATTERNS } from '@p2p/domain';
import { AppDialog } from '../../../components/AppDialog.tsx';

export type SendTarget = 'route' | 'location';

function TargetChoice({
  value,
  onChange,
  name,
}: {
  value: SendTarget;
  onChange: (v: SendTarget) => void;
  name: string;
}) {
  const { t } = useMapTranslation();
  return (
    <div className="map-choices" role="radiogroup" aria-label={t('deliveryMap.send.what')}>
      {(['route', 'location'] as const).map((v) => (
        <label key={v} className="map-choice" onClick={() => onChange(v)}>
          <RadioButton
            inputId={`${name}-${v}`}
            checked={value === v}
            onChange={() => onChange(v)}
            data-testid={`${name}-${v}`}
          />
          <span>{t(`deliveryMap.target.${v}`)}</span>
        </label>
      ))}
    </div>
  );
}

export interface SendDialogProps {
  /** phone: a maps link to open; email: the link by e-mail */
  channel: 'phone' | 'email' | null;
  onHide: () => void;
  onSend: (target: SendTarget, email?: string) => void;
  busy?: boolean;
}

/** Send the route or the delivery location to a phone or by e-mail (seed 001 section 2.10). */
export function SendDialog({ channel, onHide, onSend, busy }: SendDialogProps) {
  const { t } = useMapTranslation();
  const [target, setTarget] = useState<SendTarget>('route');
  const [email, setEmail] = useState('');
  useEffect(() => {
    if (!channel) setEmail('');
  }, [channel]);
  const validEmail = PATTERNS.email.test(email.trim());
  return (
    <AppDialog
      visible={channel !== null}
      onHide={onHide}
      header={t(channel === 'email' ? 'deliveryMap.sendEmail' : 'deliveryMap.sendPhone')}
      testId="map-send-dialog"
      footer={
        <Button
          label={t('deliveryMap.submit')}
          onClick={() => onSend(target, channel === 'email' ? email.trim() : undefined)}
          disabled={channel === 'email' && !validEmail}
          loading={busy}
          data-testid="map-send-submit"
        />
      }
    >
      <TargetChoice value={target} onChange={setTarget} name="map-send" />
      {channel === 'email' && (
        <label className="map-field">
          <span>{t('deliveryMap.send.email')}</span>
          <InputText
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            data-testid="map-send-email"
            autoComplete="email"
          />
        </label>
      )}
    </AppDialog>
  );
}

/** Download the delivery location ('plant.kml') or the route ('route.kml') as KML. */
export function DownloadDialog({
  visible,
  onHide,
  onDownload,
}: {
  visible: boolean;
  onHide: () => void;
  onDownload: (target: SendTarget) => void;
}) {
  const { t } = useMapTranslation();
  const [target, setTarget] = useState<SendTarget>('route');
  return (
    <AppDialog
      visible={visible}
      onHide={onHide}
      header={t('deliveryMap.download.title')}
      testId="map-download-dialog"
      footer={
        <Button
          label={t('deliveryMap.download.button')}
          onClick={() => onDownload(target)}
          data-testid="map-download-submit"
        />
      }
    >
      <TargetChoice value={target} onChange={setTarget} name="map-download" />
    </AppDialog>
  );
}
