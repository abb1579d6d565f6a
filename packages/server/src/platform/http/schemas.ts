/**
 * Route schemas in zod: a route declares `schema: { body, querystring, params }` and its handler
 * receives the parsed, typed input; input that does not parse answers `invalid-request` naming the
 * field (invalidInput, http/errors.ts), before the handler runs. This is the one way a route parses
 * its input.
 *
 *   app.withTypeProvider<ZodTypeProvider>().post('/api/x', { schema: { body } }, async (request) => {
 *     request.body; // z.output<typeof body>
 *   });
 *
 * Our own compiler rather than fastify-type-provider-zod: its refusals would be Fastify validation
 * errors to translate back into ours, and it peers on @fastify/swagger, which we do not use.
 */
import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';
import { invalidInput } from './errors.ts';

/** Types `request.body`, `request.query` and `request.params` from the route's zod schemas. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** What a refusal calls each part of the request. */
const WHERE: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

/** Fastify's validator compiler for zod schemas (`app.setValidatorCompiler`, once in app.ts). */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // A missing (or null) input reads as an empty object, as most routes take none, unless the
    // route's body schema must see it as sent to refuse it (jsonTextBody's `asSent`).
    const result = schema.safeParse(AS_SENT.has(schema) ? data : (data ?? {}));
    if (result.success) return { value: result.data };
    const entry = PAYLOAD_SCHEMAS.has(schema) ? 'invalid-payload' : 'invalid-request';
    return { error: invalidInput(result.error, WHERE[httpPart ?? 'body'] ?? 'body', undefined, entry) };
  };

/** Schemas whose refusal is the spec's telemetry `invalid-payload` (section 7) rather than `invalid-request`. */
const PAYLOAD_SCHEMAS = new WeakSet<z.ZodType>();

/** `schema`, refused as `invalid-payload` when it is a route's (the telemetry endpoints). */
export function payloadSchema<T extends z.ZodType>(schema: T): T {
  PAYLOAD_SCHEMAS.add(schema);
  return schema;
}

/** Schemas that see a missing or null body as it was sent, not as `{}` (the compiler above). */
const AS_SENT = new WeakSet<z.ZodType>();

/**
 * A body that beacons send as text/plain JSON, or a parser has already made a value: text is read
 * as JSON (text that is not, the empty text included, answers `not valid JSON`) before `schema`
 * checks it. A text `null` reads as a JSON `null` body does: as `{}`, unless `asSent`, where the
 * schema sees a missing or null body as it is (a route that must refuse one).
 */
export function jsonTextBody<T extends z.ZodType>(schema: T, { asSent = false } = {}) {
  const body = z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      const parsed = JSON.parse(value) as unknown;
      return asSent ? parsed : (parsed ?? {});
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not valid JSON' });
      return z.NEVER;
    }
  }, schema);
  if (asSent) AS_SENT.add(body);
  return body;
}
