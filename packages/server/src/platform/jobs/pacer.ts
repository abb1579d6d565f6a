/**
 * Long work inside a request (a product import of 10,000 rows) shares the one event loop with the
 * pages: a pacer's `pause()`, called between batches, waits long enough that the work takes at most
 * `share` of the time since it started, so pages keep most of the loop. The work takes longer; the
 * shop stays fast while it runs.
 */
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/** The longest single wait: a batch that ran long is not followed by a pause shoppers would notice in the import. */
const MAX_PAUSE_MS = 250;

export type Pace = () => Promise<void>;

/** A pause to call between batches of work that may take `share` (0 < share ≤ 1) of the event loop. */
export function pacer(share: number, now: () => number = () => performance.now()): Pace {
  if (!(share > 0 && share <= 1)) throw new RangeError(`a pacer's share is in (0, 1], not ${share}`);
  let resumed = now();
  return async () => {
    const busy = now() - resumed;
    const wait = Math.min(MAX_PAUSE_MS, (busy * (1 - share)) / share);
    if (wait >= 1) await sleep(wait);
    else await nextTurn();
    resumed = now();
  };
}
