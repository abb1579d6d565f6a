/**
 * Hostile input, refused once for every route before any handler or database sees it:
 *
 * - JSON bodies nested deeper than MAX_NESTING answer 400. The depth is counted on the raw text
 *   before parsing, so neither the parser nor any later recursive walk (JSON.stringify, schema
 *   checks) can run out of stack.
 * - Control characters (C0 except tab, LF, CR; and DEL) in any string or object key of a body, a
 *   query string or a path parameter answer 400 naming the field. PostgreSQL text cannot hold NUL,
 *   and none of these belong in what a shopper types.
 *
 * Strings that themselves hold JSON (the platform sends cart `additionalFields`, form answers and
 * telemetry `data` that way; beacons send JSON as text/plain) are inputs too: they are checked the
 * same way, their fields named below the string's own, e.g. `additionalFields.note`.
 *
 * Refusals answer 400 `{ code: 'invalid-request', message }` in the route schemas' form (http/schemas.ts),
 * e.g. `Invalid body: email: contains a control character`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiError } from './errors.ts';

/** Deepest nesting of arrays and objects a JSON body (or a JSON string inside one) may have. */
export const MAX_NESTING = 64;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `'body'`: check the body only. Site pages use it: their query strings are only ever compared
     * with the catalogue's own values (render/list-filters.ts), never stored or sent to the database.
     */
    inputGuard?: 'body';
  }
}

type Where = 'body' | 'query' | 'path';

/** A body the JSON parser refused for its depth; the guard answers it like every other refusal. */
class TooDeep {}

/** Registers the guard on `app` (before the routes, so that every route is covered). */
export function registerInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Plugins format parser errors each their own way: the hook below answers for all of them.
    if (nestingExceeds(body as string, MAX_NESTING)) return done(null, new TooDeep());
    parseJson(request, body as string, done);
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    const problem =
      problemIn(request.body, 'body') ??
      (request.routeOptions.config.inputGuard === 'body'
        ? undefined
        : (problemIn(request.query, 'query') ?? problemIn(request.params, 'path')));
    if (problem) throw apiError('invalid-request', { params: problem });
  });
}

/** True when `text`, read as JSON, nests arrays and objects deeper than `limit`. Linear, no recursion. */
function nestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** True when `s` holds a C0 control other than tab, LF and CR, or DEL. */
function hasControlCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

/** The first problem in `value` (`invalid-request`'s parameters), or undefined when there is none. */
function problemIn(value: unknown, where: Where): { where: Where; problem: string } | undefined {
  if (value instanceof TooDeep) return { where, problem: `nested deeper than ${MAX_NESTING} levels` };
  const found = findProblem(value, [], 0);
  if (!found) return undefined;
  const field = found.path.join('.');
  return { where, problem: `${field ? `${field}: ` : ''}${found.problem}` };
}

interface Found {
  path: string[];
  problem: string;
}

function findProblem(value: unknown, path: string[], depth: number): Found | undefined {
  if (depth > MAX_NESTING) return { path, problem: `nested deeper than ${MAX_NESTING} levels` };
  if (typeof value === 'string') {
    if (hasControlCharacter(value)) return { path, problem: 'contains a control character' };
    return problemInJsonText(value, path);
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findProblem(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (hasControlCharacter(key)) return { path, problem: 'a key contains a control character' };
      const found = findProblem(child, [...path, key], depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** A string holding a JSON object or array: its own depth and fields, named below the string's path. */
function problemInJsonText(text: string, path: string[]): Found | undefined {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return undefined;
  let parsed: unknown;
  try {
    // V8's JSON.parse does not recurse, so any depth is safe here; walking the result is not.
    parsed = JSON.parse(text);
  } catch {
    // Text that merely starts with a bracket: the route's own schema says what it expected.
    return undefined;
  }
  if (nestingExceeds(text, MAX_NESTING)) return { path, problem: `nested deeper than ${MAX_NESTING} levels` };
  return findProblem(parsed, path, 0);
}
