import { PHOTO_CONTENT_TYPE, PHOTO_SIDE } from '@p2p/domain';

/**
 * The square crop of the photo dialog (seed 001 section 5: square crop, sent as PNG). The image is
 * shown in a square viewport of `view` pixels, scaled to cover it (`zoom` 1) or more, and moved by
 * `offset` (its top-left corner in viewport pixels); it always covers the whole viewport.
 */
export interface CropState {
  zoom: number;
  /** the image's top-left corner, in viewport pixels (0 or less) */
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** Pixels of the viewport per pixel of the image. */
export const scaleOf = (image: Size, view: number, zoom: number): number =>
  (view / Math.min(image.width, image.height)) * zoom;

/** The state with the zoom in range and the image covering the viewport. */
export function clampCrop(image: Size, view: number, s: CropState): CropState {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Number.isFinite(s.zoom) ? s.zoom : MIN_ZOOM));
  const scale = scaleOf(image, view, zoom);
  const clamp = (v: number, shown: number) => Math.min(0, Math.max(view - shown, Number.isFinite(v) ? v : 0));
  return { zoom, x: clamp(s.x, image.width * scale), y: clamp(s.y, image.height * scale) };
}

/** The image at zoom 1, centred. */
export function centred(image: Size, view: number): CropState {
  const scale = scaleOf(image, view, 1);
  return { zoom: 1, x: (view - image.width * scale) / 2, y: (view - image.height * scale) / 2 };
}

/** A new zoom that keeps the viewport's centre on the same point of the image. */
export function zoomAround(image: Size, view: number, s: CropState, zoom: number): CropState {
  const ratio = clampCrop(image, view, { ...s, zoom }).zoom / s.zoom;
  const c = view / 2;
  return clampCrop(image, view, { zoom: s.zoom * ratio, x: c - (c - s.x) * ratio, y: c - (c - s.y) * ratio });
}

/** The square of the image the viewport shows, in image pixels. */
export function sourceSquare(image: Size, view: number, s: CropState) {
  const scale = scaleOf(image, view, s.zoom);
  const side = Math.min(view / scale, image.width, image.height);
  const x = Math.min(Math.max(0, -s.x / scale), image.width - side);
  const y = Math.min(Math.max(0, -s.y / scale), image.height - side);
  return { x, y, side };
}

/** The shown square drawn to a PHOTO_SIDE canvas and encoded as a PNG image. */
export function renderPng(image: CanvasImageSource, size: Size, view: number, s: CropState): Promise<Blob> {
  const { x, y, side } = sourceSquare(size, view, s);
  const canvas = document.createElement('canvas');
  canvas.width = PHOTO_SIDE;
  canvas.height = PHOTO_SIDE;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot draw the photo.'));
  context.drawImage(image, x, y, side, side, 0, 0, PHOTO_SIDE, PHOTO_SIDE);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded.'))),
      PHOTO_CONTENT_TYPE,
    ),
  );
}
