export { QrScannerPage } from './components/QrScannerPage.tsx';
export { qrTarget, type QrTarget } from './qr-target.ts';
