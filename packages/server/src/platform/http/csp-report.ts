/**
 * `POST /api/csp-report`: where browsers report Content-Security-Policy violations, both the old
 * `report-uri` form (`application/csp-report`, one `{ "csp-report": {...} }`) and the Reporting
 * API's (`application/reports+json`, a list of `{ type, body }`). Nothing is stored: each violation
 * is logged at warn (addresses without their query, which may hold tokens or personal data), and a
 * client's reports are rate-limited so that a noisy or hostile page cannot flood the log.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registerDatabaseRateLimit } from './rate-limit.ts';
import { apiError } from './errors.ts';
import { CSP_REPORT_PATH } from './security-headers.ts';

export interface CspReportOptions {
  /** Reports accepted per client address and window (default 30 a minute). */
  limit?: { max: number; windowMs: number };
}

const DEFAULT_LIMIT = { max: 30, windowMs: 60_000 };
const BODY_LIMIT = 64 * 1024;
const MAX_REPORTS_PER_BATCH = 50;
const MAX_FIELD = 300;

const text = z.string().max(4096).optional();
const line = z.number().int().nonnegative().optional();

/** `report-uri` (CSP level 2) field names. */
const legacyReport = z.looseObject({
  'document-uri': text,
  'violated-directive': text,
  'effective-directive': text,
  'blocked-uri': text,
  'source-file': text,
  'line-number': line,
  disposition: text,
});
const legacyBody = z.object({ 'csp-report': legacyReport });

/** Reporting API (CSP level 3) field names. */
const reportingBody = z
  .array(
    z.looseObject({
      type: z.string().max(100),
      body: z
        .looseObject({
          documentURL: text,
          effectiveDirective: text,
          blockedURL: text,
          sourceFile: text,
          lineNumber: line,
          disposition: text,
        })
        .optional(),
    }),
  )
  .max(MAX_REPORTS_PER_BATCH);

interface Violation {
  document: string;
  directive: string;
  blocked: string;
  source: string;
  line: number | undefined;
  disposition: string;
}

/** An address for the log: no query or fragment; short. Keywords (`inline`, `eval`) stay as they are. */
function loggable(address: string | undefined): string {
  if (!address) return '';
  let kept = address;
  try {
    const url = new URL(address);
    kept = url.protocol === 'data:' || url.protocol === 'blob:' ? url.protocol : url.origin + url.pathname;
  } catch {
    // Not a URL: a keyword such as `inline`.
  }
  return kept.slice(0, MAX_FIELD);
}

/** Each report type's schema, checked by the route before the handler runs (as the body's content). */
const REPORT_BODIES = {
  'application/reports+json': { schema: reportingBody },
  'application/csp-report': { schema: legacyBody },
  'application/json': { schema: legacyBody },
};
type ReportBody = z.output<typeof reportingBody> | z.output<typeof legacyBody>;

function violationsOf(request: FastifyRequest): Violation[] {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  // Fastify also parses text/plain: not a report.
  if (type === undefined || !Object.hasOwn(REPORT_BODIES, type)) throw apiError('unsupported-report-type');
  // The route's schema for this type parsed it (REPORT_BODIES).
  const body = request.body as ReportBody;
  if (Array.isArray(body)) {
    return body
      .filter((report) => report.type === 'csp-violation' && report.body)
      .map(({ body = {} }) => ({
        document: loggable(body.documentURL),
        directive: (body.effectiveDirective ?? '').slice(0, MAX_FIELD),
        blocked: loggable(body.blockedURL),
        source: loggable(body.sourceFile),
        line: body.lineNumber,
        disposition: (body.disposition ?? '').slice(0, MAX_FIELD),
      }));
  }
  const report = body['csp-report'];
  return [
    {
      document: loggable(report['document-uri']),
      directive: (report['effective-directive'] ?? report['violated-directive'] ?? '').slice(0, MAX_FIELD),
      blocked: loggable(report['blocked-uri']),
      source: loggable(report['source-file']),
      line: report['line-number'],
      disposition: (report.disposition ?? '').slice(0, MAX_FIELD),
    },
  ];
}

export async function cspReportRoutes(app: FastifyInstance, options: CspReportOptions = {}): Promise<void> {
  const limit = options.limit ?? DEFAULT_LIMIT;
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    app.getDefaultJsonParser('error', 'error'),
  );
  await registerDatabaseRateLimit(app, app.database.db, 'csp-report', () => apiError('report-rate-limited'));
  app.post(
    CSP_REPORT_PATH,
    {
      bodyLimit: BODY_LIMIT,
      schema: { body: { content: REPORT_BODIES } },
      config: {
        rateLimit: { max: limit.max, timeWindow: limit.windowMs, keyGenerator: (r: FastifyRequest) => r.ip },
        // A body Fastify cannot parse at all names the report's types, not JSON alone.
        errorVariants: { 'unsupported-media-type': 'unsupported-report-type' },
      },
    },
    async (request, reply) => {
      for (const violation of violationsOf(request))
        request.log.warn({ cspViolation: violation }, 'Content-Security-Policy violation');
      return reply.code(204).send();
    },
  );
}
