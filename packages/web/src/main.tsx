/** The browser bundle's entry (`/_storefront/storefront.js`, a module script at the end of the page). */
import './styles.css';
import { start } from './start.tsx';

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => start(document), { once: true });
} else {
  start(document);
}
