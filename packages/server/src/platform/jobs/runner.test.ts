/**
 * Issue 28: background work runs through one jobs runner. A job runs every interval on a
 * controlled clock, never twice at once, is retried on the next tick after it fails (and the
 * failure is told), and closing the app waits for a run under way before the database goes.
 */
import { EventEmitter, once } from 'node:events';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { DATABASES, testConfig } from '../../testing/databases.ts';
import { JobsRunner } from './runner.ts';

/** A promise the test settles when it chooses. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('the jobs runner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each job once per interval once started, and not before', async () => {
    vi.useFakeTimers();
    const runner = new JobsRunner(() => undefined);
    let runs = 0;
    runner.register({ name: 'count', everyMs: 1_000, run: async () => void runs++ });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(0);
    runner.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(runs).toBe(3);
    await runner.stop();
  });

  it('never starts a job again while its run is still under way', async () => {
    vi.useFakeTimers();
    const runner = new JobsRunner(() => undefined);
    let started = 0;
    let inFlight = 0;
    let mostAtOnce = 0;
    let slow = deferred();
    runner.register({
      name: 'slow',
      everyMs: 100,
      run: async () => {
        started++;
        inFlight++;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        await slow.promise;
        inFlight--;
      },
    });
    runner.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(1);
    const first = slow;
    slow = deferred();
    first.resolve();
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(2);
    expect(mostAtOnce).toBe(1);
    slow.resolve();
    await runner.stop();
  });

  it('tells of a failing run and runs the job again on the next tick', async () => {
    vi.useFakeTimers();
    const failures: [string, unknown][] = [];
    const runner = new JobsRunner((name, error) => failures.push([name, error]));
    let runs = 0;
    runner.register({
      name: 'flaky',
      everyMs: 500,
      run: async () => {
        runs++;
        if (runs === 1) throw new Error('SMTP down');
      },
    });
    runner.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(failures).toEqual([['flaky', new Error('SMTP down')]]);
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toBe(2);
    expect(failures).toHaveLength(1);
    await runner.stop();
  });

  it('stopping waits for the run under way and starts none after', async () => {
    vi.useFakeTimers();
    const runner = new JobsRunner(() => undefined);
    let runs = 0;
    const slow = deferred();
    runner.register({
      name: 'slow',
      everyMs: 100,
      run: async () => {
        runs++;
        await slow.promise;
      },
    });
    runner.start();
    await vi.advanceTimersByTimeAsync(100);
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stopped).toBe(false);
    slow.resolve();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
  });
});

for (const database of DATABASES) {
  describe(`the app's jobs (${database.name})`, () => {
    it('closing the app waits for a job under way, which still has its database', async () => {
      const fresh = database.fresh();
      try {
        const app = await buildApp(testConfig(fresh.config), { logger: false, renewals: { intervalMs: 0 } });
        const events = new EventEmitter();
        const release = deferred();
        const failures: unknown[] = [];
        let statementsRun = 0;
        let jobDone = false;
        let jobDoneWhenDatabaseClosed: boolean | undefined;
        app.jobs.register({
          name: 'reads-the-database',
          everyMs: 5,
          run: async () => {
            events.emit('started');
            await release.promise;
            try {
              for (let i = 0; i < 20; i++) {
                await sql`SELECT 1`.execute(app.database.db);
                statementsRun++;
              }
            } catch (error) {
              failures.push(error);
            }
            jobDone = true;
          },
        });
        const closeDatabase = app.database.destroy.bind(app.database);
        app.database.destroy = async () => {
          jobDoneWhenDatabaseClosed = jobDone;
          await closeDatabase();
        };
        // Close hooks run last-added first: this one lets the job go on as closing begins.
        app.addHook('onClose', async () => release.resolve());
        const started = once(events, 'started');
        await app.ready();
        await started;
        await app.close();
        expect(failures).toEqual([]);
        expect(statementsRun).toBe(20);
        expect(jobDoneWhenDatabaseClosed).toBe(true);
      } finally {
        await fresh.cleanup();
      }
    });
  });
}
