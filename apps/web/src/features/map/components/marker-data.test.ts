import { describe, expect, it } from 'vitest';
import { decodeMarkerData, encodeMarkerData } from './marker-data.ts';

const b64 = (v: unknown) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(v))));

describe('markerData', () => {
  it('reads the formatted address, else the delivery address, with a location of two numbers', () => {
    expect(
      decodeMarkerData(
        b64({
          name: 'Lisboa Plant',
          formattedAddress: 'Rua do Açúcar 88',
          location: { lat: 38.7, lng: -9.1 },
        }),
      ),
    ).toEqual({ name: 'Lisboa Plant', address: 'Rua do Açúcar 88', lat: 38.7, lng: -9.1 });
    expect(decodeMarkerData(b64({ deliveryAddress: 'Cais 1, Porto', location: [41.1, -8.6] }))).toEqual({
      name: 'Cais 1, Porto',
      address: 'Cais 1, Porto',
      lat: 41.1,
      lng: -8.6,
    });
  });

  it('refuses anything without a usable location', () => {
    expect(decodeMarkerData(undefined)).toBeNull();
    expect(decodeMarkerData('%%%')).toBeNull();
    expect(decodeMarkerData(b64({ address: 'x' }))).toBeNull();
    expect(decodeMarkerData(b64({ address: 'x', location: ['38', -9] }))).toBeNull();
    expect(decodeMarkerData(b64({ address: 'x', location: { lat: 100, lng: 0 } }))).toBeNull();
  });

  it('round-trips what the app encodes', () => {
    const text = encodeMarkerData({ name: 'Armazém', address: 'Rua 1', location: { lat: 1.5, lng: 2.5 } });
    expect(decodeMarkerData(text)).toEqual({ name: 'Armazém', address: 'Rua 1', lat: 1.5, lng: 2.5 });
  });
});
