/** Runs `task` once the browser is idle (soon after where it cannot tell): for what no one waits on. */
export function whenIdle(win: Window, task: () => void, timeoutMs = 2000): void {
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(task, { timeout: timeoutMs });
  else win.setTimeout(task, 0);
}
