/** The browser bundle's entry (`/_storefront/storefront.js`, a module script at the end of the page). */
import './styles.css';
import { start } from './start.tsx';

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => start(document), { once: true });
} else {
  start(document);
}

// Telemetry (issue 8): its own chunk, loaded once the page has loaded and the browser is idle, so it
// never delays the islands. A failure to load it leaves the page as it is.
const loadTelemetry = () => {
  import('./telemetry/index.ts').then((m) => m.startTelemetry(document)).catch(() => undefined);
};
const scheduleTelemetry = () => {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(loadTelemetry, { timeout: 2000 });
  else setTimeout(loadTelemetry, 0);
};
if (document.readyState === 'complete') scheduleTelemetry();
else window.addEventListener('load', scheduleTelemetry, { once: true });
