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
    const result = schema.safeParse(data ?? {});
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

/**
 * A body that beacons send as text/plain JSON, or a parser has already made a value: text is read
 * as JSON (text that is not answers `not valid JSON`) before `schema` checks it. `empty` stands for
 * an empty text, where the route takes one.
 */
export function jsonTextBody<T extends z.ZodType>(schema: T, empty?: unknown) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (value === '' && empty !== undefined) return empty;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not valid JSON' });
      return z.NEVER;
    }
  }, schema);
}
