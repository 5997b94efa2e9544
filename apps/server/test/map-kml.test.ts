// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { buildKml } from '../src/map/map-kml.ts';

/** The few DOM shapes used here (the server's TypeScript has no DOM library; jsdom provides it). */
interface XmlNode {
  textContent: string | null;
  getAttribute(name: string): string | null;
  getElementsByTagName(name: string): ArrayLike<XmlNode> & Iterable<XmlNode>;
}
const { DOMParser } = globalThis as unknown as {
  DOMParser: new () => { parseFromString(text: string, type: string): XmlNode };
};

/** The KML files parsed back as XML (seed 001 section 9: start, end, red path of width 3). */
const parse = (kml: string) => new DOMParser().parseFromString(kml, 'application/xml');
const coordinates = (el: XmlNode | null | undefined) =>
  (el?.textContent ?? '')
    .trim()
    .split(/\s+/)
    .map((p) => p.split(',').map(Number));

describe('KML round trip', () => {
  it('route.kml holds the start, the end and the red path of width 3', () => {
    const path = [
      { lat: 38.8, lng: -9.2 },
      { lat: 38.75, lng: -9.2 },
      { lat: 38.7, lng: -9.1 },
    ];
    const { filename, kml } = buildKml({
      kind: 'route',
      name: 'Lisboa Plant & Co',
      address: 'Rua do Açúcar 88, Lisboa',
      place: { lat: 38.7, lng: -9.1 },
      start: { lat: 38.8, lng: -9.2 },
      path,
    });
    expect(filename).toBe('route.kml');
    const doc = parse(kml);
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const placemarks = [...doc.getElementsByTagName('Placemark')];
    expect(placemarks.map((p) => p.getElementsByTagName('name')[0]?.textContent)).toEqual([
      'Start',
      'Lisboa Plant & Co',
      'Route',
    ]);
    expect(coordinates(placemarks[0]!.getElementsByTagName('coordinates')[0])).toEqual([[-9.2, 38.8]]);
    expect(coordinates(placemarks[1]!.getElementsByTagName('coordinates')[0])).toEqual([[-9.1, 38.7]]);
    expect(placemarks[1]!.getElementsByTagName('description')[0]?.textContent).toBe(
      'Rua do Açúcar 88, Lisboa',
    );
    const line = placemarks[2]!.getElementsByTagName('LineString')[0];
    expect(coordinates(line?.getElementsByTagName('coordinates')[0])).toEqual(
      path.map((p) => [p.lng, p.lat]),
    );
    // the line's style: KML colours are aabbggrr, so opaque red is ff0000ff
    const styleId = placemarks[2]!.getElementsByTagName('styleUrl')[0]?.textContent?.slice(1);
    const style = [...doc.getElementsByTagName('Style')].find((s) => s.getAttribute('id') === styleId);
    expect(style?.getElementsByTagName('color')[0]?.textContent).toBe('ff0000ff');
    expect(style?.getElementsByTagName('width')[0]?.textContent).toBe('3');
  });

  it('plant.kml holds the delivery location', () => {
    const { filename, kml } = buildKml({
      kind: 'plant',
      name: 'Porto Plant',
      place: { lat: 41.1781, lng: -8.6089 },
    });
    expect(filename).toBe('plant.kml');
    const doc = parse(kml);
    const placemarks = doc.getElementsByTagName('Placemark');
    expect(placemarks).toHaveLength(1);
    expect(coordinates(placemarks[0]!.getElementsByTagName('coordinates')[0])).toEqual([[-8.6089, 41.1781]]);
    expect(doc.getElementsByTagName('LineString')).toHaveLength(0);
  });
});
