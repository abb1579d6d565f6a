/**
 * Test support: the repository's root folder, found from this file's place in the checkout. Tests
 * need it to reach the demo site, the built bundles and the scripts; the server's runtime code never
 * looks for it (its paths come from configuration, resolved against the working directory).
 */
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
