import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'primeicons/primeicons.css';
import './app.css';
import { App } from './app/App.tsx';
import { refreshMe } from './lib/auth.ts';
import { i18n } from './lib/i18n.ts';
import { skipUnchangedStyleWrites } from './lib/style-writes.ts';
import {
  afterFirstScreen,
  checkVersion,
  registerServiceWorker,
  startVersionPolling,
} from './lib/version-check.ts';

skipUnchangedStyleWrites();
document.documentElement.lang = i18n.language;
registerServiceWorker();
// a new build is looked for once the first screen is up (the page was just fetched: it is rarely stale)
afterFirstScreen(() => void checkVersion());
startVersionPolling();
void refreshMe();

const root = document.getElementById('root');
if (root) {
  const reactRoot = createRoot(root);
  // The first render as a transition: React renders it in slices of a few milliseconds instead of
  // one long task (350 ms on the sign-in page), so the page answers input while the app starts.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
