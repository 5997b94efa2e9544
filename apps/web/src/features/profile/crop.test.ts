import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centred, clampCrop, MAX_ZOOM, sourceSquare, zoomAround } from './crop.ts';

const VIEW = 256;

describe('the square crop', () => {
  it('starts centred on the middle square of the image', () => {
    const landscape = { width: 800, height: 400 };
    const s = centred(landscape, VIEW);
    expect(s).toEqual({ zoom: 1, x: -128, y: 0 });
    expect(sourceSquare(landscape, VIEW, s)).toEqual({ x: 200, y: 0, side: 400 });
  });

  it('never leaves the viewport uncovered, whatever the move or zoom', () => {
    const size = fc.integer({ min: 16, max: 5000 });
    fc.assert(
      fc.property(
        size,
        size,
        fc.double({ min: -10, max: 10, noNaN: true }),
        fc.double(),
        fc.double(),
        (w, h, z, x, y) => {
          const image = { width: w, height: h };
          const s = clampCrop(image, VIEW, { zoom: z, x, y });
          const square = sourceSquare(image, VIEW, s);
          return (
            s.zoom >= 1 &&
            s.zoom <= MAX_ZOOM &&
            square.x >= 0 &&
            square.y >= 0 &&
            square.x + square.side <= w + 1e-6 &&
            square.y + square.side <= h + 1e-6 &&
            square.side > 0
          );
        },
      ),
    );
  });

  it('zooms around the centre of the viewport', () => {
    const image = { width: 1000, height: 1000 };
    const s = zoomAround(image, VIEW, centred(image, VIEW), 2);
    expect(sourceSquare(image, VIEW, s)).toEqual({ x: 250, y: 250, side: 500 });
  });
});
