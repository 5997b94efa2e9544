import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { qrTarget, type QrTarget } from '../qr-target.ts';

type CameraState = 'starting' | 'scanning' | 'noCamera' | 'denied' | 'failed' | 'done';

/** The browser's answer to getUserMedia as one of the page's camera states. */
export function cameraProblem(error: unknown): CameraState {
  const name = (error as { name?: string } | null)?.name ?? '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'noCamera';
  return 'failed';
}

interface Controls {
  stop: () => void;
}

/**
 * The QR scanner page (seed 001 section 2.7): the camera through the browser (@zxing/browser), the
 * decoded code opens the document or address it names. Without a camera, or without permission, a
 * clear message says so and the code can be typed or read from a photo instead.
 */
export function QrScannerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const controls = useRef<Controls | null>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [target, setTarget] = useState<QrTarget | null>(null);
  const [typed, setTyped] = useState('');

  const follow = useCallback(
    (text: string) => {
      const found = qrTarget(text, window.location.origin);
      controls.current?.stop();
      setState('done');
      setTarget(found);
      if (found.kind === 'app') void navigate(found.path);
    },
    [navigate],
  );

  useEffect(() => {
    let cancelled = false;
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('noCamera');
      return;
    }
    void (async () => {
      try {
        const { BrowserQRCodeReader } = await import('@zxing/browser');
        const reader = new BrowserQRCodeReader();
        const c = await reader.decodeFromVideoDevice(undefined, video.current ?? undefined, (result) => {
          if (result && !cancelled) follow(result.getText());
        });
        if (cancelled) c.stop();
        else {
          controls.current = c;
          setState('scanning');
        }
      } catch (e) {
        if (!cancelled) setState(cameraProblem(e));
      }
    })();
    return () => {
      cancelled = true;
      controls.current?.stop();
    };
  }, [follow]);

  const readPhoto = async (file: File) => {
    const url = URL.createObjectURL(file);
    try {
      const { BrowserQRCodeReader } = await import('@zxing/browser');
      follow((await new BrowserQRCodeReader().decodeFromImageUrl(url)).getText());
    } catch {
      setTarget({ kind: 'unknown', text: file.name });
    } finally {
      URL.revokeObjectURL(url);
    }
  };

  const problem = state === 'noCamera' || state === 'denied' || state === 'failed';
  return (
    <div className="page qr-page" data-testid="qr-page" data-state={state}>
      <h1>{t('kit.qr.title')}</h1>
      {state === 'starting' && <p className="muted">{t('kit.qr.starting')}</p>}
      {state === 'scanning' && <p>{t('kit.qr.aim')}</p>}
      {problem && <Message severity="warn" text={t(`kit.qr.${state}`)} data-testid="qr-problem" />}
      <video
        ref={video}
        className="qr-page__video"
        muted
        playsInline
        style={{ width: '100%', maxWidth: '28rem', display: state === 'scanning' ? 'block' : 'none' }}
      />
      {target?.kind === 'external' && (
        <p data-testid="qr-external">
          {t('kit.qr.external')}{' '}
          <a href={target.url} rel="noopener noreferrer">
            {target.url}
          </a>
        </p>
      )}
      {target?.kind === 'unknown' && (
        <Message severity="error" text={t('kit.qr.unknown')} data-testid="qr-unknown" />
      )}
      <form
        className="qr-page__manual"
        style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', marginTop: '1rem' }}
        onSubmit={(e) => {
          e.preventDefault();
          if (typed.trim()) follow(typed);
        }}
      >
        <label htmlFor="qr-typed" className="sr-only">
          {t('kit.qr.typed')}
        </label>
        <input
          id="qr-typed"
          className="p-inputtext"
          style={{ flex: '1 1 12rem', minWidth: 0 }}
          placeholder={t('kit.qr.typed')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          data-testid="qr-typed"
        />
        <Button type="submit" label={t('kit.qr.open')} />
        <label className="p-button p-button-outlined" style={{ cursor: 'pointer' }}>
          <i className="pi pi-image" aria-hidden="true" />
          &nbsp;{t('kit.qr.photo')}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            onChange={(e) => e.target.files?.[0] && void readPhoto(e.target.files[0])}
          />
        </label>
      </form>
    </div>
  );
}
