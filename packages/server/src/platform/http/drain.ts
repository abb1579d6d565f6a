import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The requests the app is still working on, so that shutting down closes the database only after
 * them. The server's own close waits for connections, not for work: a handler goes on after its
 * client went away (a closed socket ends no handler), and its next query would find the database
 * gone ("driver has already been destroyed"). A request counts from its first hook until its answer
 * is handed to `onSend` (an error's too, and an answer to a client that left): the work that uses the
 * database is done by then.
 */
export interface InFlight {
  /**
   * Resolves once no request is being worked on, or after `boundMs` whatever is left. `onWait`
   * hears how many it waits for, if any (logged, so that an operator and a test see it wait).
   */
  drained(boundMs: number, onWait?: (working: number) => void): Promise<void>;
}

export function trackInFlight(app: FastifyInstance): InFlight {
  const counted = new WeakSet<FastifyRequest>();
  let working = 0;
  let onIdle: (() => void) | undefined;
  app.addHook('onRequest', (request, _reply, done) => {
    counted.add(request);
    working++;
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (counted.delete(request) && --working === 0) onIdle?.();
    done(null, payload);
  });
  return {
    drained(boundMs, onWait) {
      if (working === 0) return Promise.resolve();
      onWait?.(working);
      return new Promise((resolve) => {
        const timer = setTimeout(finish, boundMs);
        function finish() {
          clearTimeout(timer);
          onIdle = undefined;
          resolve();
        }
        onIdle = finish;
      });
    },
  };
}
