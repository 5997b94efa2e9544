import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Slider } from 'primereact/slider';
import { showToast } from '../../../lib/toasts.ts';
import { useUploadPhoto } from '../api/photo.ts';
import {
  centred,
  clampCrop,
  MAX_ZOOM,
  MIN_ZOOM,
  renderPng,
  scaleOf,
  zoomAround,
  type CropState,
  type Size,
} from '../crop.ts';

/** The side of the crop viewport in CSS pixels (fits a 390 px phone inside the dialog). */
export const VIEW = 256;
const STEP = 8;

export interface LoadedImage extends Size {
  source: CanvasImageSource;
  url: string;
}

/** Reads a chosen file as an image (null when the browser cannot decode it as one). */
export function loadImage(file: File): Promise<LoadedImage | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => resolve({ source: img, url, width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(null);
    };
    img.src = url;
  });
}

export interface PhotoDialogProps {
  userId: string;
  visible: boolean;
  onHide: () => void;
  /** image decoding and PNG encoding: the browser's by default (tests hand in their own) */
  io?: { loadImage: typeof loadImage; renderPng: typeof renderPng };
}

/**
 * The photo dialog (seed 001 sections 4.2 and 5): choose an image (the chooser accepts images),
 * move and zoom it under a square, then Save sends the square as a PNG image; Cancel keeps the
 * current photo. A failed upload is logged and shown in the dialog.
 */
export function PhotoDialog({ userId, visible, onHide, io = { loadImage, renderPng } }: PhotoDialogProps) {
  const { t } = useTranslation();
  const upload = useUploadPhoto(userId);
  const input = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState<LoadedImage | null>(null);
  const [crop, setCrop] = useState<CropState>({ zoom: 1, x: 0, y: 0 });
  const [failure, setFailure] = useState<string | null>(null);
  const drag = useRef<{ x: number; y: number; start: CropState } | null>(null);

  const close = () => {
    if (image) URL.revokeObjectURL(image.url);
    setImage(null);
    setFailure(null);
    upload.reset();
    onHide();
  };

  const choose = async (file: File | undefined) => {
    setFailure(null);
    if (!file) return;
    const loaded = file.type.startsWith('image/') ? await io.loadImage(file) : null;
    if (!loaded) return setFailure(t('photo.notImage'));
    if (image) URL.revokeObjectURL(image.url);
    setImage(loaded);
    setCrop(centred(loaded, VIEW));
  };

  const move = (dx: number, dy: number, from = crop) =>
    image && setCrop(clampCrop(image, VIEW, { ...from, x: from.x + dx, y: from.y + dy }));
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, start: crop };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d) move(e.clientX - d.x, e.clientY - d.y, d.start);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [STEP, 0],
      ArrowRight: [-STEP, 0],
      ArrowUp: [0, STEP],
      ArrowDown: [0, -STEP],
    };
    const m = moves[e.key];
    if (m) {
      e.preventDefault();
      move(m[0], m[1]);
    } else if (image && (e.key === '+' || e.key === '-')) {
      setCrop(zoomAround(image, VIEW, crop, crop.zoom + (e.key === '+' ? 0.1 : -0.1)));
    }
  };

  const save = async () => {
    if (!image) return;
    setFailure(null);
    try {
      await upload.mutateAsync(await io.renderPng(image.source, image, VIEW, crop));
      showToast({ severity: 'success', detail: t('photo.saved') });
      close();
    } catch (err) {
      // seed 001 section 8: a failed photo upload is logged
      console.error(err);
      setFailure(err instanceof Error ? err.message : String(err));
    }
  };

  const scale = image ? scaleOf(image, VIEW, crop.zoom) : 1;
  const footer = (
    <div className="confirm-dialog__buttons">
      <Button
        label={t('photo.cancel')}
        severity="secondary"
        text
        onClick={close}
        data-testid="photo-cancel"
      />
      <Button
        label={t('photo.save')}
        icon="pi pi-check"
        onClick={() => void save()}
        disabled={!image || upload.isPending}
        loading={upload.isPending}
        data-testid="photo-save"
      />
    </div>
  );
  return (
    <Dialog
      visible={visible}
      header={t('photo.change')}
      footer={footer}
      onHide={close}
      style={{ width: 'min(26rem, 95vw)' }}
      data-testid="photo-dialog"
    >
      <div className="photo-crop">
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          onChange={(e) => void choose(e.target.files?.[0])}
          data-testid="photo-file"
        />
        <Button
          type="button"
          icon="pi pi-image"
          label={t('photo.choose')}
          outlined
          onClick={() => input.current?.click()}
          data-testid="photo-choose"
        />
        {image && (
          <>
            <div
              className="photo-crop__view"
              role="group"
              tabIndex={0}
              aria-label={t('photo.crop')}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={() => (drag.current = null)}
              onPointerCancel={() => (drag.current = null)}
              onKeyDown={onKeyDown}
              data-testid="photo-crop"
            >
              <img
                src={image.url}
                alt=""
                draggable={false}
                style={{
                  width: image.width * scale,
                  height: image.height * scale,
                  transform: `translate(${crop.x}px, ${crop.y}px)`,
                }}
              />
            </div>
            <p className="muted">{t('photo.cropHint')}</p>
            <label className="photo-crop__zoom">
              <span>{t('photo.zoom')}</span>
              <Slider
                value={crop.zoom}
                min={MIN_ZOOM}
                max={MAX_ZOOM}
                step={0.01}
                onChange={(e) => setCrop(zoomAround(image, VIEW, crop, Number(e.value)))}
                data-testid="photo-zoom"
              />
            </label>
          </>
        )}
        {failure && <Message severity="error" text={failure} data-testid="photo-error" />}
      </div>
    </Dialog>
  );
}
