import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** what shows instead of a widget that failed to draw */
  fallback: ReactNode;
  children: ReactNode;
}

/** One widget that throws while drawing (a chart, a frame) shows its fallback; the others stay. */
export class WidgetErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('dashboard widget failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
