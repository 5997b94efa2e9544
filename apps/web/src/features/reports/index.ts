// The pages are loaded on demand by the route module from their own files; this is what hosts embed.
export { ReportWidget, type ReportWidgetProps } from './components/ReportWidget.tsx';
