/**
 * Route schemas in zod: a route declares `schema: { body, querystring, params }` and its handler
 * receives the parsed, typed input; input that does not parse answers `invalid-request` naming the
 * field, like parseInput (http/errors.ts), before the handler runs.
 *
 *   app.withTypeProvider<ZodTypeProvider>().post('/api/x', { schema: { body } }, async (request) => {
 *     request.body; // z.output<typeof body>
 *   });
 *
 * Our own compiler rather than fastify-type-provider-zod: its refusals would be Fastify validation
 * errors to translate back into ours, and it peers on @fastify/swagger, which we do not use.
 */
import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';
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
    return { error: invalidInput(result.error, WHERE[httpPart ?? 'body'] ?? 'body') };
  };
