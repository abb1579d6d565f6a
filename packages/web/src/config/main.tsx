/**
 * The back office's bundle (`/_storefront/config.<hash>.js`), loaded only by the /config shell the
 * server renders (packages/server/src/backoffice/shell.ts), never by a storefront page. Its
 * stylesheet travels inside it and is put in a `<style>` carrying the page's style nonce, so that
 * the storefront's stylesheet never holds the back office's rules.
 */
import { createRoot } from 'react-dom/client';
import css from './config.css?inline';
import type { BackOfficeBoot } from '@storefront/core/wire';
import { App } from './app.tsx';

const style = document.createElement('style');
style.nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
style.textContent = css;
document.head.append(style);

const boot = JSON.parse(document.getElementById('config-data')?.textContent ?? '{}') as BackOfficeBoot;
const root = document.getElementById('config-root');
if (root) createRoot(root).render(<App boot={boot} />);
