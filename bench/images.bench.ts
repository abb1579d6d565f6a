/**
 * The image service's throughput: images/s and p50/p99 latency of `GET /media/<photo>?format=<w>`
 * for variants never asked before (cold: decode, resize, encode, write to the disk cache) and for
 * the same variants asked again (cached: read from disk), in AVIF, WebP and JPEG.
 *
 *   npm run bench:images     (BENCH_IMAGES=8 BENCH_CONCURRENCY=4 BENCH_WIDTHS=300w,750w,1500w)
 *
 * The photos are generated (3000x2000 with noise, so that encoders work as on a photo) into a copy
 * of the demo site, served by the built server in its own process with an empty data folder.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { root, startBenchServer } from './support.ts';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const WIDTHS = (process.env.BENCH_WIDTHS ?? '300w,750w,1500w').split(',');
const ACCEPT = {
  avif: 'image/avif,image/webp,*/*;q=0.8',
  webp: 'image/webp,*/*;q=0.8',
  jpeg: 'image/jpeg,*/*;q=0.8',
};

async function photos(mediaDir: string): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < IMAGES; i++) {
    const name = `bench-photo-${i}.jpg`;
    const data = await sharp({
      create: {
        width: 3000,
        height: 2000,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: 'gaussian', mean: 100 + i * 10, sigma: 40 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    writeFileSync(join(mediaDir, name), data);
    names.push(name);
  }
  return names;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Asks for every URL (CONCURRENCY at a time): images/s and latency percentiles in ms. */
async function run(base: string, requests: { url: string; accept: string }[]) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const request = requests[next++];
      if (!request) return;
      const t0 = performance.now();
      const res = await fetch(base + request.url, { headers: { accept: request.accept } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${request.url} answered ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: requests.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function main() {
  const site = mkdtempSync(join(tmpdir(), 'storefront-bench-images-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-images-data-'));
  try {
    cpSync(join(root, 'sites/demo'), site, { recursive: true });
    const names = await photos(join(site, 'content', 'media'));
    const server = await startBenchServer({ SITE_DIR: site, DATA_DIR: dataDir });
    try {
      console.log(
        `image service: ${IMAGES} photos 3000x2000, widths ${WIDTHS.join(',')}, ${CONCURRENCY} at a time`,
      );
      for (const [format, accept] of Object.entries(ACCEPT)) {
        const requests = names.flatMap((name) =>
          WIDTHS.map((width) => ({ url: `/media/${name}?format=${width}`, accept })),
        );
        for (const phase of ['cold', 'cached'] as const) {
          const figures = await run(server.base, requests);
          console.log(
            `${format.padEnd(5)} ${phase.padEnd(6)} ${figures.perSecond.toFixed(1).padStart(8)} images/s` +
              `  p50 ${figures.p50.toFixed(1).padStart(7)} ms  p99 ${figures.p99.toFixed(1).padStart(7)} ms` +
              `  (${requests.length} requests)`,
          );
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(site, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
