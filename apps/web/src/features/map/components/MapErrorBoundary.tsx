import { Component, type ReactNode } from 'react';

/** A failing map (Leaflet throws on a bad state) shows its fallback instead of blanking the page. */
export class MapErrorBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('map failed', error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
