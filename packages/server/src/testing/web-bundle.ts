/**
 * Test support: a web bundle folder as scripts/build/web.mjs leaves it (content-hashed files and a
 * manifest.json naming the entry and the stylesheet), so that a test of pages does not depend on
 * whether, or when, the real bundle was built.
 */
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestWebBundle {
  dir: string;
  /** The entry the manifest names now. */
  script: string;
  stylesheet: string;
  /** Publishes another build, as the build does: its files first, then the manifest by a rename. */
  publish(script: string, stylesheet: string): void;
  cleanup(): void;
}

export function testWebBundle(
  script = 'storefront.Ab12Cd34.js',
  stylesheet = 'storefront.Ef56Gh78.css',
): TestWebBundle {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-web-'));
  const bundle: TestWebBundle = {
    dir,
    script,
    stylesheet,
    publish(nextScript, nextStylesheet) {
      writeFileSync(join(dir, nextScript), 'export {};\n');
      writeFileSync(join(dir, nextStylesheet), ':where(.sqs-cart-root) { display: block; }\n');
      const staged = join(dir, '.manifest.tmp');
      writeFileSync(staged, JSON.stringify({ entry: nextScript, stylesheets: [nextStylesheet] }));
      renameSync(staged, join(dir, 'manifest.json'));
      bundle.script = nextScript;
      bundle.stylesheet = nextStylesheet;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
  bundle.publish(script, stylesheet);
  return bundle;
}
