/**
 * The islands' suites run in happy-dom beside the real server in the same process: the server's
 * modules need Node's module transform (Vite's browser transform rewrites `new URL(…, import.meta.url)`
 * against the page's location), so this is happy-dom with the server-side transform.
 */
import type { Environment } from 'vitest/runtime';
import { builtinEnvironments } from 'vitest/runtime';

const happyDomBesideTheServer: Environment = {
  ...builtinEnvironments['happy-dom'],
  name: 'happy-dom-beside-the-server',
  viteEnvironment: 'ssr',
};

export default happyDomBesideTheServer;
