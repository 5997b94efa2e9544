import L from 'leaflet';

// leaflet.markercluster extends the global `L` when it loads: give it ours before it is imported
(globalThis as unknown as { L: typeof L }).L = L;

export { L };
