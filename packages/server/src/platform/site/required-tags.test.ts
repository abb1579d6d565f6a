import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTemplateEngine } from '../../storefront/engine.ts';
import { TagBodies } from './platform-tags.ts';
import { DEMO_SITE, DATABASES, FIXTURE_SITE, testConfig } from '../../testing/databases.ts';
import { loadSite } from './loader.ts';

/**
 * A layout without {squarespace-footers} still renders, but the store script never loads and Add To
 * Cart silently does nothing; without {squarespace-headers} or {squarespace.main-content} the pages
 * lose their stylesheet and context, or their content. Start-up names the layout's files.
 */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the fixture site with `edit` applied to one of its template files. */
function siteWith(file: string, edit: (source: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-tags-'));
  dirs.push(dir);
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  const path = join(dir, 'template', file);
  writeFileSync(path, edit(readFileSync(path, 'utf8')));
  return dir;
}

const warningsOf = (dir: string) => {
  const engine = createTemplateEngine();
  return loadSite(dir, (source) => engine.compile(source), new TagBodies()).warnings;
};

const DEFAULT_LAYOUT_FILES = 'template/header.region + template/site.region + template/footer.region';

describe('required layout tags', () => {
  it('the fixture and the demo site have every required tag: no warning', () => {
    expect(warningsOf(FIXTURE_SITE)).toEqual([]);
    expect(warningsOf(DEMO_SITE)).toEqual([]);
  });

  it('a layout without {squarespace-footers} is named with its region files and what breaks', () => {
    const dir = siteWith('footer.region', (s) => s.replace('{squarespace-footers}', ''));
    expect(warningsOf(dir)).toEqual([
      {
        file: DEFAULT_LAYOUT_FILES,
        message:
          'layout "default" has no {squarespace-footers} (put it just before </body>): the store script ' +
          'never loads, so Add To Cart, variants and the cart silently do nothing',
      },
    ]);
  });

  it('a tag left only in a template comment counts as missing; each layout is checked', () => {
    const dir = siteWith('bare.region', (s) =>
      s
        .replace('{squarespace-headers}', '{# {squarespace-headers} #}')
        .replace('{squarespace.main-content}', ''),
    );
    const warnings = warningsOf(dir);
    expect(warnings.map((w) => [w.file, w.message.split(' (')[0]])).toEqual([
      ['template/bare.region', 'layout "bare" has no {squarespace-headers}'],
      ['template/bare.region', 'layout "bare" has no {squarespace.main-content}'],
    ]);
  });

  for (const database of DATABASES) {
    it(`[${database.name}] start-up logs each missing tag as a warning naming the file`, async () => {
      const dir = siteWith('footer.region', (s) => s.replace('{squarespace-footers}', ''));
      let log = '';
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          log += chunk.toString();
          done();
        },
      });
      const fresh = database.fresh();
      const app = await buildApp(testConfig(fresh.config, { siteDir: dir }), {
        logger: { stream, level: 'warn' },
      });
      try {
        const lines = log
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { level: number; msg: string });
        expect(lines).toContainEqual(
          expect.objectContaining({
            level: 40,
            msg: expect.stringContaining(
              `Site folder: ${DEFAULT_LAYOUT_FILES}: layout "default" has no {squarespace-footers}`,
            ),
          }),
        );
        // The store still renders: the warning is the only sign of the problem.
        expect((await app.inject({ url: '/shop/tee' })).statusCode).toBe(200);
      } finally {
        await app.close();
        await fresh.cleanup();
      }
    });
  }
});
