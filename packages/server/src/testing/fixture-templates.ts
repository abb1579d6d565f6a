/**
 * The fixture templates of e2e/fixtures/templates/ (templates written the way developer-platform
 * templates are) as site folders: the fixture's template, the demo's content, and the fixture
 * content (its navigation names; events, a folder and an index the demo does not have).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const FIXTURES = join(repoRoot, 'e2e/fixtures/templates');

export const FIXTURE_TEMPLATES = ['meridian', 'harbor'] as const;
export type FixtureTemplate = (typeof FIXTURE_TEMPLATES)[number];

/** A fresh site folder for `name`; `cleanup` removes it. */
export function fixtureTemplateSite(name: FixtureTemplate): { dir: string; cleanup(): void } {
  const root = mkdtempSync(join(tmpdir(), `storefront-${name}-`));
  const dir = join(root, name);
  cpSync(join(FIXTURES, name, 'template'), join(dir, 'template'), { recursive: true });
  cpSync(join(repoRoot, 'sites/demo/content'), join(dir, 'content'), { recursive: true });
  cpSync(join(FIXTURES, 'content/collections'), join(dir, 'content/collections'), { recursive: true });
  cpSync(join(FIXTURES, name, 'content'), join(dir, 'content'), { recursive: true });
  return { dir, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
