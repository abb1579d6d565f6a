/**
 * Test support: the real server process, started as `npm start` starts it (plain node running the
 * built `packages/server/dist/main.js`), for what only a process can show: signals, start-up
 * failures, durability after SIGKILL.
 */
import { execFileSync, spawn } from 'node:child_process';
import { repoRoot } from './repo-root.ts';

/** The built server, as `npm start` runs it. */
const BUILT_SERVER = 'packages/server/dist/main.js';

let serverBuilt = false;

/** Builds the server when its sources changed since the last build (a test run may follow any edit). */
export function ensureServerBuilt(): void {
  if (serverBuilt) return;
  execFileSync(process.execPath, ['scripts/build.mjs', '--server', '--if-stale'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  serverBuilt = true;
}

export interface ServerProcess {
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** The exit: the signal's name when a signal ended it, else the exit code. */
  exited: Promise<NodeJS.Signals | number | null>;
  kill(signal: NodeJS.Signals): void;
  /** Resolves with the first match of `pattern` in the output; rejects if the process ends or time runs out. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  /** The port it listens on, from its start-up log line (start it with PORT=0 HOST=127.0.0.1). */
  port(ms?: number): Promise<number>;
}

/** Starts the server with the given environment (on top of this one's; SQLite unless DATABASE_URL is given). */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  ensureServerBuilt();
  const child = spawn(process.execPath, [BUILT_SERVER], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  const waitFor = async (pattern: RegExp, ms = 30_000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const m = pattern.exec(output);
      if (m) return m;
      if (child.exitCode !== null || child.signalCode !== null) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${pattern}; output:\n${output}`);
  };
  return {
    output: () => output,
    exited,
    kill: (signal) => void child.kill(signal),
    waitFor,
    port: async (ms) => Number((await waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/, ms))[1]),
  };
}
