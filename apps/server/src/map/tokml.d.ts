/** tokml 0.4.0 ships no types: the one function it exports (GeoJSON in, KML text out). */
declare module 'tokml' {
  interface TokmlOptions {
    documentName?: string;
    documentDescription?: string;
    /** the property holding each placemark's name (default 'name') */
    name?: string;
    description?: string;
    /** write simplestyle-spec properties (stroke, stroke-width...) as KML styles */
    simplestyle?: boolean;
    timestamp?: string;
  }
  interface GeoJsonLike {
    type: string;
    [key: string]: unknown;
  }
  function tokml(geojson: GeoJsonLike, options?: TokmlOptions): string;
  export default tokml;
}
