/**
 * The security headers of every answer (pages, APIs, static files, errors), in one place:
 * @fastify/helmet's set (nosniff, X-Frame-Options SAMEORIGIN, Cross-Origin-Opener-Policy, ...) with
 * a Content-Security-Policy under which the site, its islands, ALTCHA and the owner pages run, and
 * HSTS when the site is served over https.
 *
 * Scripts run only from the site itself, from inline code the platform knows by hash (fixed
 * snippets), or with this response's nonce (the `<script>` tags a site's own templates write; their
 * `<style>` tags get the style nonce; see render/nonce-markers.ts). ALTCHA injects its stylesheet as
 * a `<style>` element: pages name the response's style nonce in `<meta name="csp-nonce">`, where
 * ALTCHA looks for it. Style attributes (helpers, the owner page's chart) are allowed; `<style>`
 * elements need a hash or the nonce.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fillNonces } from '../site/nonce-markers.ts';
import { siteIfAny } from '../site/context.ts';

export interface SecurityHeaderOptions {
  /** The fixed inline scripts the platform emits (their text between the tags), allowed by hash. */
  inlineScripts: readonly string[];
  /** The fixed `<style>` texts the platform emits, allowed by hash. */
  inlineStyles: readonly string[];
  /**
   * Origins a form post may be redirected to besides the site's: Stripe's hosted payment page when
   * Stripe is on (the checkout form answers 303 there, and browsers apply `form-action` to it).
   */
  formActionOrigins?: readonly string[];
}

/** Where browsers send Content-Security-Policy violation reports (http/csp-report.ts). */
export const CSP_REPORT_PATH = '/api/csp-report';

const HSTS = 'max-age=31536000; includeSubDomains';
const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** The players a video or embed block may load after the visitor's click (docs/blocks.md). */
export const EMBED_PLAYER_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
] as const;

interface Nonces {
  script: string;
  style: string;
}

/** A CSP source expression allowing exactly this inline text. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

const newNonce = () => randomBytes(16).toString('base64url');

/** A site served over https (its origin, SITE_URL) gets HSTS on every answer. */
const isHttpsSite = (origin: string | undefined) => origin?.startsWith('https:') === true;

/**
 * The headers for answers Fastify's router makes before any hook runs (a malformed URL). Those
 * answers are JSON, so their policy allows nothing.
 */
export function routerErrorHeaders(
  request: FastifyRequest,
  origin: string | undefined,
): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'cross-origin-opener-policy': 'same-origin',
    'referrer-policy': REFERRER_POLICY,
    ...(isHttpsSite(origin) || request.protocol === 'https' ? { 'strict-transport-security': HSTS } : {}),
  };
}

/**
 * Registers the headers on `app` (the root instance). Call it before any plugin that transforms
 * answers in `onSend` (compression): the page's nonce markers are filled in here.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  const noncesOf = new WeakMap<ServerResponse, Nonces>();
  const nonce =
    (kind: keyof Nonces) =>
    (_req: IncomingMessage, res: ServerResponse): string =>
      `'nonce-${noncesOf.get(res)?.[kind] ?? ''}'`;

  // Before helmet's own hook, which reads the nonces while writing the policy.
  app.addHook('onRequest', (request, reply, done) => {
    const nonces = { script: newNonce(), style: newNonce() };
    noncesOf.set(reply.raw, nonces);
    reply.cspNonce = nonces;
    // On the raw response, as helmet does, so that every answer carries it, errors included.
    if (isHttpsSite(siteIfAny(request)?.origin) || request.protocol === 'https')
      reply.raw.setHeader('strict-transport-security', HSTS);
    done();
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'connect-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'form-action': ["'self'", ...(options.formActionOrigins ?? [])],
        'frame-ancestors': ["'self'"],
        // Video and embed blocks load their player only once the visitor asks (docs/blocks.md).
        'frame-src': ["'self'", ...EMBED_PLAYER_ORIGINS],
        'img-src': ["'self'", 'data:'],
        'object-src': ["'none'"],
        // 'report-sample': a report quotes the start of what was refused, so that it can be found.
        'script-src': [
          "'self'",
          nonce('script'),
          ...options.inlineScripts.map(hashSource),
          "'report-sample'",
        ],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", nonce('style'), ...options.inlineStyles.map(hashSource), "'report-sample'"],
        'style-src-attr': ["'unsafe-inline'"],
        // ALTCHA solves its proof of work in workers it starts from blob: URLs.
        'worker-src': ["'self'", 'blob:'],
        // report-uri alone: given report-to as well, Chromium ignores report-uri and batches its
        // reports through the Reporting API, a minute or more later (none arrived in our headless
        // runs); report-uri reaches the server at once, from every browser.
        'report-uri': [CSP_REPORT_PATH],
      },
    },
    // Set per request above: only when the site is served over https.
    strictTransportSecurity: false,
    referrerPolicy: { policy: REFERRER_POLICY },
  });

  app.addHook('onSend', async (_request, reply, payload) =>
    typeof payload === 'string' ? fillNonces(payload, reply.cspNonce) : payload,
  );
}
