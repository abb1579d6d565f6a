/**
 * The built server (plain node, `npm start`'s way) keeps serving the browser bundle while a build
 * publishes a new one into the folder it serves: no file a page names ever answers 404, and pages
 * name the new build once it is complete. Every web file name carries a content hash.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { FIXTURE_SITE } from './testing/databases.ts';
import { ensureServerBuilt, startServerProcess, type ServerProcess } from './testing/process.ts';
import { repoRoot } from './testing/repo-root.ts';

/** `npm run build:web`, publishing into `dist` (the server's WEB_DIST_DIR). */
function buildWeb(dist: string): { done: Promise<{ code: number | null; output: string }> } {
  const child = spawn(process.execPath, ['scripts/build.mjs', '--web'], {
    cwd: repoRoot,
    env: { ...process.env, WEB_DIST_DIR: dist },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return { done: new Promise((resolve) => child.on('exit', (code) => resolve({ code, output }))) };
}

const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
type Manifest = { entry: string; stylesheets: string[] };
type History = { builtAt: string; files: string[] }[];

/** Files a page names: its module entry and stylesheets under /_storefront/. */
function namedBy(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="\/_storefront\/([^"]+)"/g)].map((m) => m[1] as string);
}

/** Chunks a bundle file imports (statically or lazily), by the relative names the build writes. */
function importsOf(js: string): string[] {
  return [...js.matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)].map((m) => m[1] as string);
}

/** One HTTP GET: status and body (for pages and scripts), never throwing on a status. */
async function get(base: string, path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(base + path);
  return { status: res.status, body: await res.text() };
}

/** Every file a browser would load from the page at `/`: the page's names, then imports, recursively. */
async function filesOfPage(base: string, statuses: Map<string, number[]>): Promise<string[]> {
  const note = (file: string, status: number) => statuses.set(file, [...(statuses.get(file) ?? []), status]);
  const page = await get(base, '/');
  note('/', page.status);
  const queue = namedBy(page.body);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const res = await get(base, `/_storefront/${file}`);
    note(file, res.status);
    if (file.endsWith('.js')) queue.push(...importsOf(res.body));
  }
  return [...seen];
}

describe('the built server while npm run build publishes a new web bundle', () => {
  const dist = mkdtempSync(join(tmpdir(), 'storefront-web-dist-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-built-'));
  let server: ServerProcess;
  let base: string;
  let oldEntry: string;
  let oldStylesheet: string;

  beforeAll(async () => {
    // A first build, then made to look like an older, different one (its entry and stylesheet
    // under other hashed names; its chunks still import the entry they were built with), with
    // four builds before it whose files the history lists.
    const first = await buildWeb(dist).done;
    expect(first.code, first.output).toBe(0);
    const manifest = readJson<Manifest>(join(dist, 'manifest.json'));
    oldEntry = 'storefront.0ldBuild1.js';
    oldStylesheet = 'storefront.0ldBuild1.css';
    copyFileSync(join(dist, manifest.entry), join(dist, oldEntry));
    copyFileSync(join(dist, manifest.stylesheets[0] as string), join(dist, oldStylesheet));
    const history = readJson<History>(join(dist, 'builds.json'));
    const chunks = (history[0] as History[number]).files.filter((f) => !f.endsWith('.css'));
    const earlier: History = [1, 2, 3, 4].map((n) => ({
      builtAt: `2026-01-0${n}T00:00:00.000Z`,
      files: [`storefront-gone.0000000${n}.js`],
    }));
    for (const b of earlier) writeFileSync(join(dist, b.files[0] as string), 'export {};\n');
    writeFileSync(
      join(dist, 'builds.json'),
      JSON.stringify([
        ...earlier,
        { builtAt: '2026-01-05T00:00:00.000Z', files: [oldEntry, oldStylesheet, ...chunks] },
      ]),
    );
    writeFileSync(
      join(dist, 'manifest.json'),
      JSON.stringify({ entry: oldEntry, stylesheets: [oldStylesheet] }),
    );

    server = startServerProcess({
      PORT: '0',
      HOST: '127.0.0.1',
      SITE_DIR: FIXTURE_SITE,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: dist,
    });
    base = `http://127.0.0.1:${await server.port(60_000)}`;
  }, 180_000);

  afterAll(async () => {
    server?.kill('SIGTERM');
    await server?.exited;
    rmSync(dist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('never answers 404 for a file a page names during the build, then names the new build, whose files all exist', async () => {
    const statuses = new Map<string, number[]>();
    const before = await filesOfPage(base, statuses);
    expect(before).toContain(oldEntry);
    expect(before).toContain(oldStylesheet);
    expect(before.length).toBeGreaterThan(3);

    const build = buildWeb(dist);
    let finished = false;
    void build.done.then(() => (finished = true));
    let rounds = 0;
    while (!finished) {
      await filesOfPage(base, statuses);
      rounds++;
    }
    const { code, output } = await build.done;
    expect(code, output).toBe(0);
    expect(rounds).toBeGreaterThan(0);

    const after = await filesOfPage(base, statuses);
    // The page rendered before the switch still finds every file it named.
    for (const file of before) statuses.get(file)?.push((await get(base, `/_storefront/${file}`)).status);
    const failed = [...statuses].filter(([, codes]) => codes.some((c) => c !== 200));
    expect(failed, `${rounds} rounds during the build`).toEqual([]);

    const manifest = readJson<Manifest>(join(dist, 'manifest.json'));
    expect(after).toContain(manifest.entry);
    expect(after).not.toContain(oldEntry);

    // Six builds in the history now: the oldest one's files are gone, the five newest ones' stay.
    expect(existsSync(join(dist, 'storefront-gone.00000001.js'))).toBe(false);
    for (const n of [2, 3, 4]) expect(existsSync(join(dist, `storefront-gone.0000000${n}.js`))).toBe(true);
    expect(readJson<History>(join(dist, 'builds.json'))).toHaveLength(5);
  }, 180_000);

  it('names every web file by its content hash, the entry and the stylesheet included', () => {
    const history = readJson<History>(join(dist, 'builds.json'));
    const latest = (history.at(-1) as History[number]).files;
    const manifest = readJson<Manifest>(join(dist, 'manifest.json'));
    expect(latest).toContain(manifest.entry);
    for (const stylesheet of manifest.stylesheets) expect(latest).toContain(stylesheet);
    expect(latest.length).toBeGreaterThan(3);
    for (const file of latest)
      expect(file).toMatch(/^(assets\/)?[\w-]+\.[\w-]{8,}\.(js|css|svg|png|woff2?)$/);
  });
});

describe('the built server finds its files through configuration only', () => {
  it('takes SITE_DIR, DATA_DIR and WEB_DIST_DIR from the working directory, with the documented defaults', () => {
    const defaults = loadConfig({}, '/srv/shop');
    expect(defaults.siteDir).toBe('/srv/shop/sites/demo');
    expect(defaults.webDistDir).toBe('/srv/shop/packages/web/dist');
    expect(defaults.dataDir.startsWith('/srv/shop/data/')).toBe(true);
    const set = loadConfig({ SITE_DIR: 'site', DATA_DIR: '/var/lib/shop', WEB_DIST_DIR: 'web' }, '/srv/shop');
    expect([set.siteDir, set.dataDir, set.webDistDir]).toEqual([
      '/srv/shop/site',
      '/var/lib/shop',
      '/srv/shop/web',
    ]);
  });

  it('is plain JavaScript that never looks for its own location', () => {
    ensureServerBuilt();
    const bundle = readFileSync(join(repoRoot, 'packages/server/dist/main.js'), 'utf8');
    expect(bundle).not.toMatch(/import\.meta|__dirname|__filename/);
    expect(bundle).not.toMatch(/from ["'][^"']+\.tsx?["']/);
    expect(bundle).not.toMatch(/from ["']@storefront\//);
  });
});
