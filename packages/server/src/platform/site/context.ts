/**
 * The site a request is for: its origin, title, template, strings and caches. Read from the request
 * (`request.site`), never from app options, so that one install can later serve several sites, each
 * resolved by its host. Today an install has one site, and every request resolves to it.
 */
import type { LocalizedStrings } from '@storefront/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChangeSnapshot } from '../db/change-version.ts';
import type { Site, SiteContent } from './types.ts';

/**
 * What a site keeps in memory (its renderer, page cache, catalogue cache). The platform knows no
 * storefront: the storefront adds its members to this interface by declaration merging.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SiteCaches {}

export interface SiteContext {
  /** Where the site's absolute URLs start (`SITE_URL`): mail links, canonical, og:url, sitemap; never the Host header. */
  readonly origin: string;
  /** The site's title as its settings say now (an edit shows without a restart). */
  readonly title: string;
  /** The loaded site folder: template and content. */
  readonly template: Site<unknown>;
  /** The site's overrides of core's message catalogue (the shopper's words). */
  readonly strings: LocalizedStrings;
  readonly caches: SiteCaches;
  /** The site's clock (epoch ms): what is published now (items' `publishOn`); a test's controlled clock. */
  now(): number;
}

/** What a mail says of the site it comes from: its words, its links' origin, its title. */
export type MailingSite = Pick<SiteContext, 'origin' | 'title' | 'strings'>;

/** Finds the site a request is for; background work without a request asks it with none. */
export type SiteResolver = (request?: FastifyRequest) => SiteContext;

declare module 'fastify' {
  interface FastifyRequest {
    /** The site this request is for (platform/site/context.ts). */
    site: SiteContext;
    /**
     * The change versions as this request read them (its one read, app.ts), for the caches that
     * would otherwise read them again; none when the request made no read.
     */
    changeSnapshot?: ChangeSnapshot;
  }
  interface FastifyInstance {
    /** Resolves a request's site; jobs with no request call it with none. */
    resolveSite: SiteResolver;
  }
}

/**
 * The content's `website` as templates see it on a request: the title and origin (`baseUrl`) of the
 * site the request is for, whatever the loaded folder says.
 */
export function websiteAsRequested(
  website: SiteContent['website'],
  site: Pick<SiteContext, 'origin' | 'title'>,
): SiteContent['website'] {
  return { ...website, siteTitle: site.title, baseUrl: site.origin };
}

/** The one site of this install, its title read from the content each time (staff may edit it). */
export function installSite(
  config: { readonly siteUrl: string },
  options: { template: Site<unknown>; caches: SiteCaches; clock?: () => number },
): SiteContext {
  const { template, caches, clock = Date.now } = options;
  return {
    origin: config.siteUrl,
    get title() {
      const title = template.content.website.siteTitle;
      return typeof title === 'string' ? title : '';
    },
    template,
    strings: template.content.localizedStrings,
    caches,
    now: clock,
  };
}

/**
 * Resolves each request's site before any other hook runs, and keeps the resolver for work that
 * has no request (renewals, gift-card mails) and for answers made before the hooks (router errors).
 */
export function registerSiteContext(app: FastifyInstance, resolve: SiteResolver): void {
  app.decorate('resolveSite', resolve);
  app.decorateRequest('site', null as unknown as SiteContext);
  // A callback hook, not an async one: every request runs it, and a promise per request costs.
  app.addHook('onRequest', (request, _reply, done) => {
    request.site = resolve(request);
    done();
  });
}

/**
 * The request's site, also for an answer Fastify's router makes before any hook ran; none on an
 * app that resolves no site (a test's app of one plugin).
 */
export function siteIfAny(request: FastifyRequest): SiteContext | undefined {
  const resolved = request.site as SiteContext | null | undefined;
  if (resolved) return resolved;
  return request.server.hasDecorator('resolveSite') ? request.server.resolveSite(request) : undefined;
}
