import {
  cpSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTemplateEngine } from '../../storefront/engine.ts';
import { TagBodies } from './platform-tags.ts';
import { DATABASES, FIXTURE_SITE, testConfig } from '../../testing/databases.ts';
import { SiteError } from './errors.ts';
import { parseLenientJson } from './lenient-json.ts';
import { loadSite } from './loader.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the fixture site that a test may break. */
function siteCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-site-'));
  dirs.push(dir);
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  return dir;
}

function load(dir: string) {
  const engine = createTemplateEngine();
  return loadSite(dir, (source) => engine.compile(source), new TagBodies());
}

function siteError(fn: () => unknown): SiteError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SiteError) return error;
    throw error;
  }
  throw new Error('expected a SiteError');
}

describe('site loader', () => {
  it('loads the fixture: layouts from regions, collection templates, blocks, pages, stylesheets, content', () => {
    const site = load(FIXTURE_SITE);
    expect(Object.keys(site.template.layouts).sort()).toEqual(['bare', 'default']);
    expect(site.template.layouts.default?.file).toBe('template/default.layout');
    expect(Object.keys(site.template.collections).sort()).toEqual(['blog', 'products']);
    expect(site.template.collections.products?.conf).toMatchObject({ pageSize: 50 });
    expect(Object.keys(site.template.partials)).toEqual(['navigation.block']);
    expect(Object.keys(site.template.pages).sort()).toEqual(['about', 'not-found']);
    expect(site.template.css).toContain('font-family: sans-serif');
    expect(site.content.collections.map((c) => c.urlId)).toEqual(['home', 'journal', 'shop', 'visit']);
    expect(site.content.navigation.mainNav).toHaveLength(4);
  });

  it('a missing template.conf stops start-up naming the file', () => {
    const dir = siteCopy();
    unlinkSync(join(dir, 'template/template.conf'));
    const error = siteError(() => load(dir));
    expect(error.file).toBe('template/template.conf');
    expect(error.message).toBe('template/template.conf: missing: a template folder needs a template.conf');
  });

  it('invalid JSON in template.conf names the file, line and column', () => {
    const dir = siteCopy();
    writeFileSync(
      join(dir, 'template/template.conf'),
      '{\n  "name": "Broken",\n  "layouts": { "default": { "regions": ["site"] } }\n  "author": "x"\n}\n',
    );
    const error = siteError(() => load(dir));
    expect(error.file).toBe('template/template.conf');
    expect([error.line, error.column]).toEqual([4, 3]);
    expect(error.message).toMatch(/^template\/template\.conf:4:3: invalid JSON: /);
  });

  it('trailing commas and comments in template.conf are accepted', () => {
    expect(parseLenientJson('{ "a": [1, 2,], // note\n "b": { "c": 1, }, }')).toEqual({
      ok: true,
      value: { a: [1, 2], b: { c: 1 } },
    });
    expect(parseLenientJson('{ "a": "x,]" }')).toEqual({ ok: true, value: { a: 'x,]' } });
    const bad = parseLenientJson('{\n"a": 1,\n"b": }');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect([bad.problem.line, bad.problem.column]).toEqual([3, 6]);
  });

  it('invalid JSON in a content file names the file, line and column', () => {
    const dir = siteCopy();
    const file = join(dir, 'content/collections/journal.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"title": "Journal",', '"title": "Journal"'));
    const error = siteError(() => load(dir));
    expect(error.file).toBe('content/collections/journal.json');
    expect(error.line).toBeGreaterThan(1);
    expect(error.message).toMatch(/^content\/collections\/journal\.json:\d+:\d+: invalid JSON/);
  });

  it('a template that does not parse names the template file, line and column', () => {
    const dir = siteCopy();
    writeFileSync(
      join(dir, 'template/collections/blog.item'),
      '<article>\n  {.section item}\n    <h1>{title}</h1>\n',
    );
    const error = siteError(() => load(dir));
    expect(error.file).toBe('template/collections/blog.item');
    expect(error.line).toBeGreaterThan(0);
    expect(error.message).toMatch(/^template\/collections\/blog\.item:\d+:\d+: template does not parse: /);
  });

  it('a region that does not parse is named as the region file with its own line', () => {
    const dir = siteCopy();
    // footer.region is the third region of the default layout; break its 3rd line.
    const file = join(dir, 'template/footer.region');
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[2] = '  {.repeated section items}<li>{title}</li>{.end}{.end}';
    writeFileSync(file, lines.join('\n'));
    const error = siteError(() => load(dir));
    expect(error.file).toBe('template/footer.region');
    expect(error.line).toBe(3);
  });

  it('a layout naming a missing region, or no default layout, stops start-up', () => {
    const dir = siteCopy();
    writeFileSync(
      join(dir, 'template/template.conf'),
      '{ "name": "x", "layouts": { "default": { "regions": ["nowhere"] } } }',
    );
    expect(siteError(() => load(dir)).message).toBe(
      'template/template.conf: layout "default" names region "nowhere" but nowhere.region does not exist',
    );
    writeFileSync(
      join(dir, 'template/template.conf'),
      '{ "name": "x", "layouts": { "other": { "regions": ["site"] } } }',
    );
    expect(siteError(() => load(dir)).message).toBe(
      'template/template.conf: layouts must have a "default" layout',
    );
  });

  it('a region, block, page, collection template or content file linked to a file outside the site folder stops start-up naming it', () => {
    const outside = mkdtempSync(join(tmpdir(), 'storefront-outside-'));
    dirs.push(outside);
    const secret = join(outside, 'secret.txt');
    writeFileSync(secret, 'OWNER_TOKEN=leaked-owner-token\n');
    const linked = [
      { file: 'template/site.region', target: '/proc/self/environ' },
      { file: 'template/header.region', target: secret },
      { file: 'template/blocks/navigation.block', target: secret },
      { file: 'template/blocks/extra.block', target: secret },
      { file: 'template/pages/about.page', target: secret },
      { file: 'template/collections/blog.list', target: secret },
      { file: 'content/navigation.json', target: secret },
    ];
    for (const { file, target } of linked) {
      const dir = siteCopy();
      rmSync(join(dir, file), { force: true });
      symlinkSync(target, join(dir, file));
      const error = siteError(() => load(dir));
      expect(error.file, file).toBe(file);
      expect(error.message, file).toBe(`${file}: leads outside the site folder (a symbolic link): not read`);
    }
  });

  it('a link that stays inside the site folder is read as the file it names', () => {
    const dir = siteCopy();
    const page = join(dir, 'template/pages/about.page');
    renameSync(page, join(dir, 'template/about-original.page'));
    symlinkSync('../about-original.page', page);
    const site = load(dir);
    expect(site.template.pages.about?.template.source).toBe(
      load(FIXTURE_SITE).template.pages.about?.template.source,
    );
  });

  it('content that is not the expected shape names the file and the field', () => {
    const dir = siteCopy();
    writeFileSync(
      join(dir, 'content/collections/journal.json'),
      '{ "id": "c", "urlId": "journal", "typeName": "blog" }',
    );
    expect(siteError(() => load(dir)).message).toMatch(/^content\/collections\/journal\.json: .* at title$/);
  });
});

for (const database of DATABASES) {
  it(`[${database.name}] a broken site stops buildApp before the database is touched`, async () => {
    const dir = siteCopy();
    writeFileSync(join(dir, 'template/pages/about.page'), '{.section website}\n<h1>{siteTitle}</h1>\n');
    const fresh = database.fresh();
    try {
      await expect(buildApp(testConfig(fresh.config, { siteDir: dir }), { logger: false })).rejects.toThrow(
        /^template\/pages\/about\.page:\d+:\d+: template does not parse/,
      );
    } finally {
      await fresh.cleanup();
    }
  });
}
