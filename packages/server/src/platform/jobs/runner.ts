/**
 * The one place background work runs (issue 28): renewals, gift-card sends and the like are named
 * jobs with an interval, not timers of their own inside route plugins. The app starts the runner
 * once it is ready and stops it when it closes, before the database goes: a job under way finishes
 * first, and none starts after.
 *
 * Usage (a module's plugin, or app.ts):
 *
 *   app.jobs.register({ name: 'gift-card-mail', everyMs: 60_000, run: () => sweep() });
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one jobs runner (platform/jobs/runner.ts). */
    jobs: JobsRunner;
  }
}

export interface Job {
  /** Names the job in the log. */
  name: string;
  /** How long between two runs' starts (a run still going when the next is due is not doubled). */
  everyMs: number;
  run: () => Promise<void>;
}

/** The timers the runner schedules with: the global ones, or a test's controlled clock. */
export interface JobTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(timer: unknown): void;
}

const globalTimers: JobTimers = {
  setInterval: (callback, ms) => {
    const timer = setInterval(callback, ms);
    // A process with nothing left but its jobs may exit.
    timer.unref();
    return timer;
  },
  clearInterval: (timer) => clearInterval(timer as ReturnType<typeof setInterval>),
};

interface Scheduled {
  job: Job;
  timer?: unknown;
  running?: Promise<void>;
}

export class JobsRunner {
  private readonly scheduled = new Map<string, Scheduled>();
  private state: 'idle' | 'started' | 'stopped' = 'idle';

  constructor(
    private readonly onFailure: (jobName: string, error: unknown) => void,
    private readonly timers: JobTimers = globalTimers,
  ) {}

  /** Adds a job; once started, it runs every `everyMs`. A name is registered once. */
  register(job: Job): void {
    if (this.scheduled.has(job.name)) throw new Error(`A job named ${job.name} is already registered`);
    if (!(job.everyMs > 0)) throw new Error(`The job ${job.name} needs an interval above 0 ms`);
    const scheduled: Scheduled = { job };
    this.scheduled.set(job.name, scheduled);
    if (this.state === 'started') this.schedule(scheduled);
  }

  /** Starts every job's interval (again is a no-op; after `stop` nothing starts). */
  start(): void {
    if (this.state !== 'idle') return;
    this.state = 'started';
    for (const scheduled of this.scheduled.values()) this.schedule(scheduled);
  }

  /** Starts no more runs and waits for those under way. */
  async stop(): Promise<void> {
    this.state = 'stopped';
    for (const scheduled of this.scheduled.values()) {
      if (scheduled.timer !== undefined) this.timers.clearInterval(scheduled.timer);
      delete scheduled.timer;
    }
    await Promise.all([...this.scheduled.values()].map((scheduled) => scheduled.running));
  }

  private schedule(scheduled: Scheduled): void {
    scheduled.timer = this.timers.setInterval(() => this.runOnce(scheduled), scheduled.job.everyMs);
  }

  private runOnce(scheduled: Scheduled): void {
    if (scheduled.running || this.state !== 'started') return;
    scheduled.running = Promise.resolve()
      .then(() => scheduled.job.run())
      .catch((error: unknown) => this.onFailure(scheduled.job.name, error))
      .finally(() => {
        delete scheduled.running;
      });
  }
}

/**
 * Decorates `app` with its jobs runner, started when the app is ready (listening, or answering its
 * first injected request) and stopped when it closes. Register it after the database's and the
 * mailer's close hooks: close hooks run last-added first, so the jobs stop before either goes.
 */
export function registerJobsRunner(app: FastifyInstance, runner: JobsRunner): void {
  app.decorate('jobs', runner);
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
}
