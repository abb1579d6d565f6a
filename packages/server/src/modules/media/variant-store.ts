/**
 * The variants on disk, under the data folder: each file named by the hash of its source's content
 * and its parameters, so a changed source makes new names and a stale variant is never served.
 * A second request for a variant being encoded waits for that encode; at most `slots` encodes run
 * at once, the rest queue, so a burst of new images leaves the other cores to the pages.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EncodeFailure, EncodeResult } from './encoder.ts';

export type StoredVariant = { ok: true; file: string; etag: string } | { ok: false; failure: EncodeFailure };

/** Bumped when an encoder setting changes, so earlier variants are not served. */
const ENCODER_REVISION = 1;

export function variantKey(sourceHash: string, parameters: string): string {
  return createHash('sha256').update(`${ENCODER_REVISION}|${sourceHash}|${parameters}`).digest('hex');
}

/** Waits for one of a fixed number of slots. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(count: number) {
    this.free = count;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

export class VariantStore {
  /** Encodes run since start (a cached or shared answer runs none). */
  encodes = 0;
  private readonly slots: Slots;
  private readonly inFlight = new Map<string, Promise<StoredVariant>>();
  /** Variants that cannot be made (a truncated source): asked again, answered without decoding. */
  private readonly failures = new Map<string, EncodeFailure>();

  constructor(
    private readonly dir: string,
    slots: number,
  ) {
    this.slots = new Slots(Math.max(1, slots));
  }

  /** The variant `key` (with file extension `ext`), made by `produce` unless it is on disk already. */
  get(key: string, ext: string, produce: () => Promise<EncodeResult>): Promise<StoredVariant> {
    const file = join(this.dir, key.slice(0, 2), `${key}.${ext}`);
    const etag = `"${key.slice(0, 32)}"`;
    const failure = this.failures.get(key);
    if (failure) return Promise.resolve({ ok: false, failure });
    if (isFile(file)) return Promise.resolve({ ok: true, file, etag });
    const running = this.inFlight.get(key);
    if (running) return running;
    const made = this.slots
      .run(async (): Promise<StoredVariant> => {
        if (isFile(file)) return { ok: true, file, etag };
        this.encodes++;
        const result = await produce();
        if (!result.ok) {
          this.failures.set(key, result.failure);
          return result;
        }
        writeAtomically(file, result.data);
        return { ok: true, file, etag };
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, made);
    return made;
  }
}

function isFile(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

/** Written beside and renamed over, so a reader (or another process) never sees half a file. */
function writeAtomically(file: string, data: Buffer): void {
  mkdirSync(join(file, '..'), { recursive: true });
  const staged = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(staged, data);
    renameSync(staged, file);
  } finally {
    rmSync(staged, { force: true });
  }
}
