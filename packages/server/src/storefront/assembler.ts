/**
 * Pure rendering of a page from its plan and its loaded data (template-format §1): inner template ->
 * `squarespace["main-content"]` -> the layout's regions -> platform tags. No I/O, and the plan is
 * left as it was given. Before anything renders, `declaredTags` names the platform tags the page
 * writes (learned once per template: platform-tags.ts `templateTags`), for the loader to read with
 * the page; a tag whose data was not loaded all the same renders empty and is reported as missing.
 */
import { PageType } from '@storefront/core';
import { escapeHtml } from '../platform/http/html.ts';
import { DEFAULT_TIME_ZONE } from '@storefront/jsont';
import type { FastifyBaseLogger } from 'fastify';
import type { CollectionContent, Json, Site, SiteContent, TemplateFile } from '../platform/site/types.ts';
import { blockDataTags, blocksOf, renderBlockField } from './blocks.ts';
import { browserContext, collectionView, isProduct, pageTitle } from './context.ts';
import type { Compiled, RenderOptions, TemplateEngine } from './engine.ts';
import { websiteAsRequested, type SiteContext } from '../platform/site/context.ts';
import { documentHead } from './head.ts';
import { folderNavigationContext, navigationContext } from './navigation.ts';
import { platformScript } from './platform-script.ts';
import { tagDataKey, type TagData } from './loader.ts';
import { stripTags, type PagePlan } from './page-plan.ts';
import {
  expandPlatformTags,
  findPlatformTags,
  templateTags,
  type PlatformTag,
  type TagBodies,
} from '../platform/site/platform-tags.ts';

const MAIN_MARKER = '\u0002sf-main-content\u0003';

export interface AssemblerDeps {
  site: Site<Compiled>;
  engine: TemplateEngine;
  bodies: TagBodies;
  log: FastifyBaseLogger;
  currency: string;
  /** The platform's partials (site/system/), under the template's own of the same name. */
  systemPartials?: Readonly<Record<string, string>>;
}

export interface Assembly {
  /** The site the page is for: its URLs under its origin, its title. */
  site: Pick<SiteContext, 'origin' | 'title'>;
  plan: PagePlan;
  path: string;
  collections: CollectionContent[];
  tagData: Map<string, TagData | undefined>;
  web: { script: string | null; stylesheets: readonly string[] };
  /** `?format=main-content`: the inner template's HTML alone, without the layout. */
  mainContentOnly?: boolean;
  /** The navigation document as the request read it (live); the site folder's at start when absent. */
  navigation?: SiteContent['navigation'];
}

export class PageAssembler {
  private readonly reported = new Set<string>();
  /** The tags each template writes, learned on its first page (its skeleton compiled, if any). */
  private readonly templateTags = new WeakMap<Compiled, { fixed: PlatformTag[]; scoped: Compiled | null }>();

  private readonly partials: Readonly<Record<string, string>>;

  constructor(private readonly deps: AssemblerDeps) {
    this.partials = { ...deps.systemPartials, ...deps.site.template.partials };
  }

  /** The layout the page renders in. */
  prepare(plan: PagePlan): TemplateFile<Compiled> {
    const { template } = this.deps.site;
    return template.layouts[this.regionName(plan)] ?? (template.layouts.default as TemplateFile<Compiled>);
  }

  private regionName({ collection }: PagePlan): string {
    const { template } = this.deps.site;
    return typeof collection.regionName === 'string' && template.layouts[collection.regionName]
      ? collection.regionName
      : 'default';
  }

  /** The page's root context as its templates see it: the plan's, with the page's `squarespace` keys. */
  private pageContext(
    plan: PagePlan,
    site: Assembly['site'],
    documentParts?: { headers: string; footers: string },
  ): Json {
    const { template } = this.deps.site;
    const { collection } = plan;
    const regionName = this.regionName(plan);
    const title = this.title(plan, site);
    const classes = [
      // Checkbox and dropdown tweaks first, as the platform lists them (site/tweaks.ts).
      ...template.tweakClasses,
      `collection-${collection.id}`,
      `collection-type-${collection.typeName}`,
      `collection-layout-${regionName}`,
      plan.title.homepage ? 'homepage' : '',
      plan.viewClass,
      'mobile-style-available',
      `native-currency-code-${this.deps.currency.toLowerCase()}`,
      plan.pageType === PageType.NOT_FOUND ? 'sf-not-found-page' : '',
      plan.pageType === PageType.SHOW_CART ? 'sf-cart-page' : '',
    ].filter(Boolean);
    const squarespace: Json = {
      'main-content': MAIN_MARKER,
      'page-classes': classes.join(' '),
      'page-id': plan.itemId ? `item-${plan.itemId}` : `collection-${collection.id}`,
      'page-title': title,
      'cart-classes': '',
      'template-revision': template.revision,
      headers: documentParts?.headers ?? '',
      footers: documentParts?.footers ?? '',
    };
    return {
      ...plan.context,
      squarespace,
      ...(documentParts
        ? { 'squarespace-headers': documentParts.headers, 'squarespace-footers': documentParts.footers }
        : {}),
    };
  }

  /**
   * The platform tags the page writes, attributes as they will render: those written out in its
   * templates as they are, those written as variables resolved against the page's loaded data (their
   * skeleton). Nothing of the page itself is rendered.
   */
  declaredTags(plan: PagePlan, layout: TemplateFile<Compiled>, site: Assembly['site']): PlatformTag[] {
    const templates: { compiled: Compiled; source: string }[] = [layout];
    const { inner } = plan;
    if ('template' in inner && inner.source !== undefined && typeof inner.template !== 'string')
      templates.push({ compiled: inner.template, source: inner.source });
    const context = this.pageContext(plan, site);
    const written: PlatformTag[] = [];
    for (const { compiled, source } of templates) {
      const { fixed, scoped } = this.tagsOf(compiled, source);
      written.push(...fixed);
      if (scoped === null) continue;
      const { output } = this.deps.engine.render(scoped, context, this.renderOptions());
      written.push(...findPlatformTags(output, this.deps.bodies).map(({ tag }) => tag));
    }
    const tags: PlatformTag[] = [];
    for (const tag of written) {
      if (tagDataKey(tag, null) !== undefined) tags.push(tag);
      if (tag.name === 'block-field') tags.push(...blockDataTags(blocksOf(context, tag.attrs.id ?? '')));
    }
    return tags;
  }

  private tagsOf(compiled: Compiled, source: string): { fixed: PlatformTag[]; scoped: Compiled | null } {
    let tags = this.templateTags.get(compiled);
    if (tags === undefined) {
      const learned = templateTags(source, this.deps.bodies, this.partials);
      tags = {
        fixed: learned.fixed,
        scoped: learned.scoped === null ? null : this.deps.engine.compile(learned.scoped),
      };
      this.templateTags.set(compiled, tags);
    }
    return tags;
  }

  /** The page's HTML, or the tags whose data is missing (found in nested or scoped places). */
  assemble(a: Assembly): { html: string; missing: PlatformTag[] } {
    const { site, bodies } = this.deps;
    const { plan, path } = a;
    // The site the request is for names itself: its title and origin, not the loaded folder's.
    const content = { ...site.content, website: websiteAsRequested(site.content.website, a.site) };
    const ctx = plan.context;
    const layout = this.prepare(plan);
    const title = this.title(plan, a.site);
    const products = new Map(plan.products.map((p) => [String(p.id), p]));
    for (const data of a.tagData.values())
      if (data?.name === 'query')
        for (const item of data.items) if (isProduct(item)) products.set(String(item.id), item);
    const pageContext = browserContext({
      pageType: plan.pageType,
      path,
      content: plan.language ? { ...content, localizedStrings: plan.language.localizedStrings } : content,
      collectionId: plan.collection.id,
      itemId: plan.itemId,
      products: [...products.values()],
      storeCurrency: this.deps.currency,
      confirmedOrder: plan.confirmedOrder,
      memberId: plan.memberId,
    });
    const web = a.web;
    const { headers, footers } = documentHead({
      url: a.site.origin + path,
      title,
      description:
        plan.title.description ??
        (typeof content.website.siteDescription === 'string'
          ? stripTags(content.website.siteDescription)
          : ''),
      siteName: a.site.title,
      status: plan.status,
      pageType: plan.pageType,
      isProduct: plan.products.length > 0,
      templateRevision: site.template.revision,
      web,
      pageContext,
      seo: plan.seo,
      alternates: plan.language?.alternates,
      platformScript: platformScript({
        website: content.website,
        websiteSettings: content.websiteSettings,
        collection: ctx.collection as Json,
        item: ctx.item as Json | undefined,
        pageType: plan.pageType,
        templateName: site.template.conf.name,
        templateRevision: site.template.revision,
        tweakJson: site.template.tweakJson,
        authenticatedAccount: ctx.authenticatedAccount as Json | undefined,
      }),
    });
    const page = this.pageContext(plan, a.site, { headers, footers });
    const missing: PlatformTag[] = [];
    const expand = (output: string) =>
      expandPlatformTags(output, bodies, (tag) => this.expandTag(tag, a, page, missing));
    const inner =
      'html' in plan.inner
        ? plan.inner.html
        : expand(this.renderTemplate(plan.inner.template, page, plan.inner.file));
    if (a.mainContentOnly) return { html: inner, missing };
    const document = expand(this.renderTemplate(layout.compiled, page, layout.file, layout.origin));
    return { html: document.split(MAIN_MARKER).join(inner), missing };
  }

  /** The page's title, under the title of the site the request is for. */
  private title(plan: PagePlan, site: Assembly['site']): string {
    const { content } = this.deps.site;
    return pageTitle(content.websiteSettings, {
      site: site.title,
      ...plan.title,
    });
  }

  renderOptions(): RenderOptions {
    const { website } = this.deps.site.content;
    return {
      partials: this.partials,
      locale: typeof website.language === 'string' ? website.language : 'en-US',
      timeZone: typeof website.timeZone === 'string' ? website.timeZone : DEFAULT_TIME_ZONE,
      now: Date.now(),
    };
  }

  /** Renders one template; its errors are logged once each, at the file (a layout's region) and line they come from. */
  private renderTemplate(
    template: Compiled | string,
    context: Json,
    file: string,
    origin?: TemplateFile['origin'],
  ): string {
    const { output, errors } = this.deps.engine.render(template, context, this.renderOptions());
    const located = errors.map((e) => ({ ...e, ...(origin ? origin(e.line) : { file }) }));
    // Each distinct problem is logged once (a page with a bad helper would otherwise log on every view).
    const fresh = located.filter((e) => {
      const key = `${e.file}:${e.line}:${e.column}:${e.code}`;
      if (this.reported.has(key) || this.reported.size > 10_000) return false;
      this.reported.add(key);
      return true;
    });
    if (fresh.length > 0) {
      const files = [...new Set(fresh.map((e) => e.file))].join(', ');
      this.deps.log.warn(
        { file: files, errors: fresh.slice(0, 5) },
        `template ${files}: ${fresh.length} render error(s) (${fresh
          .slice(0, 5)
          .map((e) => `${e.file}:${e.line}:${e.column} ${e.message}`)
          .join('; ')})`,
      );
    }
    return output;
  }

  /** One platform tag's HTML (template-format §2.8), from data loaded before. */
  private expandTag(tag: PlatformTag, a: Assembly, root: Json, missing: PlatformTag[]): string {
    const { site } = this.deps;
    const activeCollectionId = a.plan.collection.id;
    const renderWith = (context: unknown, what: string): string => {
      if (tag.body !== null)
        return this.renderTemplate(
          tag.body,
          context as Json,
          `<squarespace:${tag.name}> body`,
          tag.bodyOrigin,
        );
      const name = tag.attrs.template;
      if (!name) return '';
      const block = name.endsWith('.block') ? name : `${name}.block`;
      const source = site.template.partials[block];
      if (source === undefined) {
        this.deps.log.warn(`${what}: block "${name}" not found`);
        return '';
      }
      return this.renderTemplate(source, context as Json, `template/blocks/${block}`);
    };
    switch (tag.name) {
      case 'navigation': {
        const nav = navigationContext(
          site.content,
          a.collections,
          tag.attrs.navigationId ?? '',
          a.path,
          activeCollectionId,
          a.navigation,
        );
        return renderWith(nav, '<squarespace:navigation>');
      }
      case 'folder-navigation':
        return renderWith(
          folderNavigationContext(site.content, a.collections, a.path, activeCollectionId),
          '<squarespace:folder-navigation>',
        );
      case 'script': {
        const src = (tag.attrs.src ?? '').replace(/^\/+/, '');
        return src ? `<script src="/scripts/${escapeHtml(src)}"></script>` : '';
      }
      case 'block-field': {
        const id = tag.attrs.id ?? '';
        const field = renderBlockField({ id, className: tag.attrs.class }, blocksOf(root, id), {
          root,
          render: (template, context) => this.renderTemplate(template, context, `block field "${id}"`),
          items: (dataTag) => {
            const key = tagDataKey(dataTag, activeCollectionId) as string;
            if (!a.tagData.has(key)) return undefined;
            const data = a.tagData.get(key);
            return data?.name === 'query' ? data.items : [];
          },
        });
        missing.push(...field.missing);
        return field.html;
      }
    }
    const key = tagDataKey(tag, activeCollectionId) as string;
    if (!a.tagData.has(key)) {
      missing.push(tag);
      return '';
    }
    const data = a.tagData.get(key);
    switch (data?.name) {
      case undefined:
        return '';
      case 'query':
        return renderWith(
          { ...root, collection: collectionView(data.target, data.items.length), items: data.items },
          '<squarespace:query>',
        );
      case 'category':
        return renderWith(
          {
            categories: data.categories,
            collection: data.target ? collectionView(data.target, data.count) : {},
          },
          '<squarespace:category>',
        );
      case 'related':
        return renderWith({ ...root, items: data.items }, '<squarespace:related>');
    }
  }
}
