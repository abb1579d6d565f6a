/**
 * The storefront while an editor writes (issue 31, "editing stays fast"): the demo site on the built
 * server, a staff editor signed in who saves a published post of the demo's journal once a second
 * (each save a real versioned PUT /api/config/posts/:id, touching the post's and the journal's change
 * keys as the editor's saves do), and the home and product pages' rates, for shoppers without a cart
 * and with one, while it saves against the same page's idle rate on the same server in the same round.
 *
 * Part of `npm run bench:pages` (BENCH_EDITING=off skips it, BENCH_EDITING=only runs it alone;
 * BENCH_EDITING_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS). Rounds alternate which of idle and editing
 * goes first for each page, so a noisy moment of this shared machine does not always fall on the same
 * side; the summary gives medians and the spread (lowest to highest). The goal: editing / idle ≥ 0.9.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import type { PostInput, PostRecord } from '@storefront/core/wire';
import {
  makeCarts,
  measure,
  median,
  root,
  signedInStaff,
  startBenchServer,
  type BenchServer,
  type Figures,
} from './support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
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

interface Sample {
  idle: Figures;
  editing: Figures;
  saves: number;
}

export interface EditingResult {
  database: string;
  pages: Record<Page, { idleRps: number; editingRps: number; ratio: number; low: number; high: number }>;
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

/** Saves once a second until stopped; the number of saves made. A failed save fails the run. */
function saveEverySecond(editor: PostEditor): { stop(): Promise<number> } {
  let stopped = false;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    let saves = 0;
    let next = performance.now();
    while (!stopped) {
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

async function rate(server: BenchServer, options: autocannon.Options, label: string): Promise<Figures> {
  const figures = await measure(options, SECONDS, CONNECTIONS, server);
  if (figures.non2xx || figures.errors)
    throw new Error(`${label}: ${figures.non2xx} non-2xx, ${figures.errors} errors`);
  return figures;
}

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

    const [cart] = await makeCarts(server.base, 1);
    const targets = loads(server, cart!);
    for (const options of Object.values(targets)) await measure(options, WARMUP_SECONDS, CONNECTIONS);

    const samples = new Map<Page, Sample[]>(PAGES.map((p) => [p, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, page] of PAGES.entries()) {
        const label = `${database} ${page}`;
        const sample = { saves: 0 } as Sample;
        const idle = () => rate(server, targets[page], `${label} idle`);
        const editing = async () => {
          const saver = saveEverySecond(editor);
          let figures: Figures;
          try {
            figures = await rate(server, targets[page], `${label} editing`);
          } finally {
            sample.saves = await saver.stop();
          }
          return figures;
        };
        if ((round + index) % 2 === 0) {
          sample.idle = await idle();
          sample.editing = await editing();
        } else {
          sample.editing = await editing();
          sample.idle = await idle();
        }
        samples.get(page)!.push(sample);
        console.log(
          `  round ${round + 1} ${page.padEnd(21)} idle ${sample.idle.rps.toFixed(0).padStart(6)} req/s   editing ${sample.editing.rps.toFixed(0).padStart(6)} req/s (${sample.saves} saves)   ratio ${(sample.editing.rps / sample.idle.rps).toFixed(2)}`,
        );
      }
    }
    const pages = Object.fromEntries(
      PAGES.map((page) => {
        const list = samples.get(page)!;
        const ratios = list.map((s) => s.editing.rps / s.idle.rps);
        return [
          page,
          {
            idleRps: median(list.map((s) => s.idle.rps)),
            editingRps: median(list.map((s) => s.editing.rps)),
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
    `\nwhile an editor saves a post every second / idle, same server, same round (goal ≥ ${RATE_GOAL}); medians (spread)`,
  );
  for (const { database, pages, saves, saveP50Ms } of results) {
    console.log(`  ${database} (${saves} saves, p50 ${saveP50Ms.toFixed(0)} ms)`);
    for (const page of PAGES) {
      const r = pages[page];
      console.log(
        `    ${page.padEnd(21)} idle ${r.idleRps.toFixed(0).padStart(6)} req/s   editing ${r.editingRps.toFixed(0).padStart(6)} req/s   ` +
          `ratio ${r.ratio.toFixed(2)} (${r.low.toFixed(2)}–${r.high.toFixed(2)})   goal ≥ ${RATE_GOAL}${r.ratio >= RATE_GOAL ? '' : '  MISSED'}`,
      );
    }
  }
}

export const editingPhase = process.env.BENCH_EDITING ?? 'on';
