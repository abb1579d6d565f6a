/**
 * The storefront while an editor writes (issue 31, "editing stays fast"): the demo site on the built
 * server, a staff editor signed in who saves a published post of the demo's journal once a second
 * (each save a real versioned PUT /api/config/posts/:id, touching the post's and the journal's change
 * keys as the editor's saves do), and the home and product pages' rates, for shoppers without a cart
 * and with one, while it saves against the same page's idle rate on the same server in the same round.
 *
 * Part of `npm run bench:pages` (BENCH_EDITING=off skips it, BENCH_EDITING=only runs it alone;
 * BENCH_EDITING_ROUNDS=3, BENCH_EDITING_WINDOW_SECONDS=1.5, BENCH_CONNECTIONS=10). Each round of a
 * page is one load, idle for a window, editing for two, idle for one, so that what the rest of this
 * shared machine does meanwhile falls on both sides alike; the summary gives medians and the spread
 * (lowest to highest), and the server's CPU per request on each side, which moves less than the
 * rates when others use the machine. The goal: editing / idle ≥ 0.9.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { PostInput, PostRecord } from '@storefront/core/wire';
import {
  makeCarts,
  measure,
  median,
  root,
  signedInStaff,
  startBenchServer,
  type BenchServer,
} from './support.ts';

/** Each round is idle for one window, editing for two, idle for one. */
const WINDOW_SECONDS = Number(process.env.BENCH_EDITING_WINDOW_SECONDS ?? 1.5);
const LEAD_IN_MS = 500;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_EDITING_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SAVE_INTERVAL_MS = 1000;
const RATE_GOAL = 0.9;
const PRODUCT_PATH = '/shop/linen-camp-shirt';
/** The demo's journal (sites/demo/content/collections/journal.json). */
const JOURNAL_ID = '32fadaba1c2725d110854fca';

type Page = 'home' | 'product' | 'home, with a cart' | 'product, with a cart';
const PAGES: Page[] = ['home', 'product', 'home, with a cart', 'product, with a cart'];

export interface EditingResult {
  database: string;
  pages: Record<
    Page,
    {
      idleRps: number;
      editingRps: number;
      ratio: number;
      low: number;
      high: number;
      /** Server CPU per request, idle and while saving (the saves' own CPU counted in). */
      idleCpuMs: number;
      editingCpuMs: number;
      /** Idle CPU per request over editing's: the rate ratio a machine of its own would show. */
      cpuRatio: number;
    }
  >;
  saves: number;
  saveP50Ms: number;
}

function loads(server: BenchServer, cart: string): Record<Page, autocannon.Options> {
  const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const withCart = { ...browser, cookie: cart };
  return {
    home: { url: `${server.base}/`, headers: browser },
    product: { url: `${server.base}${PRODUCT_PATH}`, headers: browser },
    'home, with a cart': { url: `${server.base}/`, headers: withCart },
    'product, with a cart': { url: `${server.base}${PRODUCT_PATH}`, headers: withCart },
  };
}

const postInput = (slug: string, body: string): PostInput => ({
  title: 'Bench: the editor at work',
  slug,
  blocks: [{ id: 'body', type: 'text', html: `<p>${body}</p>` }],
  excerptHtml: `<p>${body}</p>`,
  authorId: null,
  categories: [],
  tags: [],
  coverImage: null,
  seoTitle: '',
  seoDescription: '',
  commentsOn: false,
});

/** A published post of the journal and the editor's saves on it, each with the version the last one answered. */
class PostEditor {
  private version = 0;
  private id = '';
  private count = 0;
  readonly latencies: number[] = [];
  readonly slug = `bench-editing-${Date.now()}`;

  constructor(
    private readonly base: string,
    private readonly headers: Record<string, string>,
  ) {}

  private async call(method: string, path: string, body: unknown, expected: number): Promise<PostRecord> {
    const res = await fetch(`${this.base}/api/config/posts${path}`, {
      method,
      headers: { ...this.headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== expected) throw new Error(`${method} posts${path}: ${res.status} ${await res.text()}`);
    const record = (await res.json()) as PostRecord;
    this.version = record.version;
    return record;
  }

  async createPublished(): Promise<void> {
    const draft = await this.call(
      'POST',
      '',
      { blogId: JOURNAL_ID, post: postInput(this.slug, 'First draft') },
      201,
    );
    this.id = draft.id;
    await this.call('POST', `/${this.id}/publishing`, { version: this.version, action: 'publish' }, 200);
  }

  /** One save with a changed body; the text it saved. */
  async save(): Promise<string> {
    const body = `Save ${++this.count} at ${new Date().toISOString()}`;
    const started = performance.now();
    await this.call('PUT', `/${this.id}`, { version: this.version, post: postInput(this.slug, body) }, 200);
    this.latencies.push(performance.now() - started);
    return body;
  }
}

/**
 * Saves once a second for `seconds` (or until stopped): the number of saves made. A failed save
 * fails the run.
 */
function saveEverySecond(editor: PostEditor, seconds: number): { stop(): Promise<number> } {
  let stopped = false;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    let saves = 0;
    let next = performance.now();
    const end = next + seconds * 1000;
    while (!stopped && next < end) {
      await editor.save();
      saves++;
      next += SAVE_INTERVAL_MS;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, next - performance.now()));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return saves;
  })();
  return {
    async stop() {
      stopped = true;
      wake?.();
      return loop;
    },
  };
}

/** What one side (idle or editing) of a round got: responses, seconds, server CPU seconds. */
interface Side {
  responses: number;
  seconds: number;
  cpuSeconds: number;
}

interface Sample {
  idle: Side;
  editing: Side;
  saves: number;
}

const rps = (side: Side) => side.responses / side.seconds;
const cpuMs = (side: Side) => (side.cpuSeconds * 1000) / side.responses;

/**
 * One round of a page: a single load that runs idle for a window, with the editor saving once a
 * second for two windows, then idle for a window again (idle, editing, editing, idle), so that a
 * change in what the rest of the machine does during the round falls on both sides alike. Responses
 * are counted in the window they arrive in; the load's first half second is not counted.
 */
async function round(
  server: BenchServer,
  options: autocannon.Options,
  editor: PostEditor,
  label: string,
): Promise<Sample> {
  const sides: Record<'idle' | 'editing', Side> = {
    idle: { responses: 0, seconds: 0, cpuSeconds: 0 },
    editing: { responses: 0, seconds: 0, cpuSeconds: 0 },
  };
  let current: Side | undefined;
  let failed = 0;
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon({ ...options, connections: CONNECTIONS, duration: 3600 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
  instance!.on('response', (_client, statusCode) => {
    if (statusCode < 200 || statusCode > 299) failed++;
    else if (current) current.responses++;
  });
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const during = async (side: Side, seconds: number) => {
    const cpuBefore = server.cpuSeconds();
    const started = performance.now();
    current = side;
    await wait(seconds * 1000);
    current = undefined;
    side.seconds += (performance.now() - started) / 1000;
    side.cpuSeconds += server.cpuSeconds() - cpuBefore;
  };
  let saves: number;
  try {
    await wait(LEAD_IN_MS);
    await during(sides.idle, WINDOW_SECONDS);
    const saver = saveEverySecond(editor, 2 * WINDOW_SECONDS);
    try {
      await during(sides.editing, 2 * WINDOW_SECONDS);
    } finally {
      saves = await saver.stop();
    }
    await during(sides.idle, WINDOW_SECONDS);
  } finally {
    instance!.stop();
  }
  const result = await done;
  if (failed || result.errors || result.timeouts)
    throw new Error(`${label}: ${failed} non-2xx, ${result.errors + result.timeouts} errors`);
  return { ...sides, saves };
}

const cpu = (side: Side) => cpuMs(side).toFixed(2);

/** The phase on one database: `env` gives the server its database (nothing for SQLite). */
export async function benchEditing(
  database: string,
  env: () => Promise<{ env: Record<string, string>; drop(): Promise<void> }>,
): Promise<EditingResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-editing-'));
  const own = await env();
  const serverEnv = { SITE_DIR: join(root, 'sites/demo'), DATA_DIR: dataDir, ...own.env };
  const server = await startBenchServer(serverEnv);
  try {
    const editor = new PostEditor(server.base, await signedInStaff(server, 'editor', serverEnv));
    await editor.createPublished();
    // A save is live on the site at once: what is measured is the invalidation a real save causes.
    const saved = await editor.save();
    const shown = await (await fetch(`${server.base}/journal/${editor.slug}`)).text();
    if (!shown.includes(saved)) throw new Error(`the post's page does not show its last save "${saved}"`);

    console.log(`  ${database}`);
    const [cart] = await makeCarts(server.base, 1);
    const targets = loads(server, cart!);
    // The pages and the save path both warmed up (a cold save path would weigh on the first round).
    for (const options of Object.values(targets)) {
      const saver = saveEverySecond(editor, WARMUP_SECONDS);
      await measure(options, WARMUP_SECONDS, CONNECTIONS);
      await saver.stop();
    }

    const samples = new Map<Page, Sample[]>(PAGES.map((p) => [p, []]));
    for (let index = 0; index < ROUNDS; index++) {
      for (const page of PAGES) {
        const sample = await round(server, targets[page], editor, `${database} ${page}`);
        samples.get(page)!.push(sample);
        console.log(
          `  round ${index + 1} ${page.padEnd(21)} idle ${rps(sample.idle).toFixed(0).padStart(6)} req/s   editing ${rps(sample.editing).toFixed(0).padStart(6)} req/s (${sample.saves} saves)   ratio ${(rps(sample.editing) / rps(sample.idle)).toFixed(2)}   cpu ${cpu(sample.idle)} / ${cpu(sample.editing)} ms/req`,
        );
      }
    }
    const pages = Object.fromEntries(
      PAGES.map((page) => {
        const list = samples.get(page)!;
        const ratios = list.map((s) => rps(s.editing) / rps(s.idle));
        return [
          page,
          {
            idleRps: median(list.map((s) => rps(s.idle))),
            idleCpuMs: median(list.map((s) => cpuMs(s.idle))),
            editingCpuMs: median(list.map((s) => cpuMs(s.editing))),
            cpuRatio: median(list.map((s) => cpuMs(s.idle) / cpuMs(s.editing))),
            editingRps: median(list.map((s) => rps(s.editing))),
            ratio: median(ratios),
            low: Math.min(...ratios),
            high: Math.max(...ratios),
          },
        ];
      }),
    ) as EditingResult['pages'];
    const saves = [...samples.values()].flat().reduce((sum, s) => sum + s.saves, 0);
    return { database, pages, saves, saveP50Ms: median(editor.latencies) };
  } finally {
    await server.stop();
    await own.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printEditing(results: EditingResult[]): void {
  console.log(
    `\nwhile an editor saves a post every second / idle, same server, same round (goal ≥ ${RATE_GOAL}); medians (spread); ` +
      `server CPU per request idle / editing, and idle's over editing's: steadier than the rates on a shared machine`,
  );
  for (const { database, pages, saves, saveP50Ms } of results) {
    console.log(`  ${database} (${saves} saves, p50 ${saveP50Ms.toFixed(0)} ms)`);
    for (const page of PAGES) {
      const r = pages[page];
      console.log(
        `    ${page.padEnd(21)} idle ${r.idleRps.toFixed(0).padStart(6)} req/s   editing ${r.editingRps.toFixed(0).padStart(6)} req/s   ` +
          `ratio ${r.ratio.toFixed(2)} (${r.low.toFixed(2)}–${r.high.toFixed(2)})   goal ≥ ${RATE_GOAL}${r.ratio >= RATE_GOAL ? '' : '  MISSED'}   ` +
          `cpu ${r.idleCpuMs.toFixed(2)} / ${r.editingCpuMs.toFixed(2)} ms/req (ratio ${r.cpuRatio.toFixed(2)})`,
      );
    }
  }
}

export const editingPhase = process.env.BENCH_EDITING ?? 'on';
