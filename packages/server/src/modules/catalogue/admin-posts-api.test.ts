/**
 * The post editor's and the page content editor's calls (issue 31), on each database: a draft is on
 * no page of the site until it is published, then shows on another instance's next request; a
 * schedule is the site's local time across a change of clocks; the spec's 60 blocks per layout; a
 * stale save answers 409 and keeps the first; revisions restore; a changed slug answers 301; the
 * preview shows a draft to staff only; who may write.
 */
import { wallClock } from '../../platform/http/record-changed.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type {
  ContentBlock,
  ContentRevisions,
  PageContentRecord,
  PostInput,
  PostPage,
  PostRecord,
} from '@storefront/core/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type RoleCode } from '@storefront/core';
import { buildApp } from '../../app.ts';
import { Customer, makeAccount } from '../accounts/testing.ts';
import { makeCheckoutSite } from '../orders/testing.ts';
import { signInNewStaff } from '../../testing/back-office.ts';
import { DATABASES, testConfig, type TestApp } from '../../testing/app.ts';

const POSTS = '/api/config/posts';
const BLOG = 'c-journal';

const textBlock = (id: string, html: string): ContentBlock => ({ id, type: 'text', html });

function post(overrides: Partial<PostInput> = {}): PostInput {
  return {
    title: 'Glazes that run',
    slug: 'glazes-that-run',
    blocks: [
      textBlock('intro', '<p>Ink Blue ran on the tall mugs.</p><script>alert(1)</script>'),
      { id: 'mug', type: 'product', collection: 'shop', item: 'tee' },
      {
        id: 'kiln',
        type: 'gallery',
        title: 'The kiln',
        images: [{ assetUrl: '/media/kiln.jpg', originalSize: '1600x1000', altText: 'The kiln' }],
        options: {
          design: 'slideshow',
          autoplay: false,
          'autoplay-duration': 5,
          controls: true,
          'auto-crop': true,
          'aspect-ratio': '4:3',
          thumbnails: false,
          'show-meta': true,
          'meta-position': 'bottom',
          lightbox: true,
          lightboxTheme: 'dark',
        },
      },
    ],
    excerptHtml: '<p>Why some glazes run.</p>',
    authorId: null,
    categories: ['Studio'],
    tags: ['glaze'],
    coverImage: null,
    seoTitle: 'Running glazes',
    seoDescription: 'Why glazes run in the kiln',
    commentsOn: true,
    ...overrides,
  };
}

const inputOf = (record: PostRecord): PostInput => ({
  title: record.title,
  slug: record.slug,
  blocks: record.blocks,
  excerptHtml: record.excerptHtml,
  authorId: record.authorId,
  categories: record.categories,
  tags: record.tags,
  coverImage: record.coverImage,
  seoTitle: record.seoTitle,
  seoDescription: record.seoDescription,
  commentsOn: record.commentsOn,
});

/** The fixture site, with its post template showing a post's blocks as the demo's does. */
function blogSite() {
  const site = makeCheckoutSite();
  const template = join(site.dir, 'template/collections/blog.item');
  writeFileSync(
    template,
    readFileSync(template, 'utf8').replace(
      '<div class="post-body">{body}</div>',
      '<div class="post-body">{body}<squarespace:block-field id="post-blocks"/></div>',
    ),
  );
  // A page with no template of its own: the built-in blocks page shows its layout.
  writeFileSync(
    join(site.dir, 'content/collections/studio.json'),
    JSON.stringify({ id: 'c-studio', urlId: 'studio', title: 'Studio', typeName: 'page', type: 1 }),
  );
  return site;
}

for (const database of DATABASES) {
  describe(`[${database.name}] the post and page content editors' calls`, () => {
    const site = blogSite();
    const fresh = database.fresh();
    let first: FastifyInstance;
    let second: FastifyInstance;
    const t = (app: () => FastifyInstance): TestApp => ({
      get app() {
        return app();
      },
      config: testConfig(fresh.config, { siteDir: site.dir }),
      close: async () => {},
    });
    const one = t(() => first);
    let made = 0;
    const staff = async (roles: RoleCode[], app: TestApp = one): Promise<Customer & { email: string }> => {
      const email = `writer-${++made}@example.test`;
      return Object.assign(await signInNewStaff(app, email, roles, `Writer ${made}`), { email });
    };
    const page = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });
    const create = async (writer: Customer, input: PostInput): Promise<PostRecord> => {
      const res = await writer.request('POST', POSTS, { blogId: BLOG, post: input });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as PostRecord;
    };
    const storedPublishOn = async (id: string): Promise<number> => {
      const row = await first.database.db
        .selectFrom('items')
        .select('publish_on')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.publish_on);
    };

    // The clock both instances run by: the system's, unless a test holds it still.
    let heldAt: number | undefined;
    const clock = () => heldAt ?? Date.now();
    beforeAll(async () => {
      const config = testConfig(fresh.config, { siteDir: site.dir });
      first = await buildApp(config, { logger: false, clock });
      second = await buildApp(config, { logger: false, clock });
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await fresh.cleanup();
      site.cleanup();
    });

    it('keeps a new post as a draft off the site, then shows it on another instance once published', async () => {
      const editor = await staff([ROLES.editor]);
      // The other instance has the blog in memory before the post exists.
      expect((await page(second, '/journal')).statusCode).toBe(200);
      const draft = await create(editor, post());
      expect(draft).toMatchObject({
        status: 'draft',
        publishOn: null,
        version: 1,
        updatedBy: editor.email,
        url: '/journal/glazes-that-run',
        blogTitle: 'Journal',
      });
      // Text blocks lose their scripts; the gallery keeps its design.
      expect(draft.blocks[0]).toEqual(textBlock('intro', '<p>Ink Blue ran on the tall mugs.</p>'));
      expect(draft.blocks[2]).toMatchObject({ type: 'gallery', options: { design: 'slideshow' } });

      expect((await page(second, '/journal/glazes-that-run')).statusCode).toBe(404);
      expect((await page(second, '/journal')).body).not.toContain('Glazes that run');
      expect((await page(second, '/sitemap.xml')).body).not.toContain('/journal/glazes-that-run');

      const published = await editor.request('POST', `${POSTS}/${draft.id}/publishing`, {
        version: draft.version,
        action: 'publish',
      });
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json()).toMatchObject({ status: 'published', version: 2 });

      const shown = await page(second, '/journal/glazes-that-run');
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain('Glazes that run');
      expect(shown.body).toContain('Ink Blue ran on the tall mugs.');
      expect(shown.body).toContain('sqs-block-gallery');
      expect(shown.body).not.toContain('alert(1)');
      expect((await page(second, '/journal')).body).toContain('Glazes that run');

      // Back to draft: gone again from the other instance.
      const unpublished = await editor.request('POST', `${POSTS}/${draft.id}/publishing`, {
        version: 2,
        action: 'unpublish',
      });
      expect(unpublished.json()).toMatchObject({ status: 'draft', publishOn: null });
      expect((await page(second, '/journal/glazes-that-run')).statusCode).toBe(404);
    });

    it('publishes a post scheduled a minute ahead at its time, once, on both instances', async () => {
      heldAt = Date.now();
      try {
        const editor = await staff([ROLES.editor]);
        const draft = await create(editor, post({ title: 'Kiln opening', slug: 'kiln-opening' }));
        const inAMinute = wallClock(heldAt + 60_000, 'America/New_York').replace(' ', 'T');
        const scheduled = await editor.request('POST', `${POSTS}/${draft.id}/publishing`, {
          version: draft.version,
          action: 'schedule',
          at: inAMinute,
        });
        expect(scheduled.statusCode, scheduled.body).toBe(200);
        expect(scheduled.json()).toMatchObject({ status: 'scheduled', publishOn: inAMinute });
        const due = await storedPublishOn(draft.id);

        const shows = async (app: FastifyInstance) => ({
          post: (await page(app, '/journal/kiln-opening')).statusCode,
          listed: (await page(app, '/journal')).body.split('Kiln opening').length - 1,
        });
        // Both instances keep the journal without it until its minute.
        heldAt = due - 1;
        expect(await shows(first)).toEqual({ post: 404, listed: 0 });
        expect(await shows(second)).toEqual({ post: 404, listed: 0 });
        heldAt = due;
        const first1 = await shows(first);
        const second1 = await shows(second);
        expect(first1.post).toBe(200);
        expect(second1.post).toBe(200);
        expect(first1.listed).toBeGreaterThan(0);
        // Once: the same single entry on both, and no second publication a minute later.
        expect(second1.listed).toBe(first1.listed);
        heldAt = due + 60_000;
        expect(await shows(first)).toEqual(first1);
        expect(await shows(second)).toEqual(second1);
        expect((await editor.request('GET', `${POSTS}/${draft.id}`)).json() as PostRecord).toMatchObject({
          status: 'published',
          version: scheduled.json().version,
        });
      } finally {
        heldAt = undefined;
      }
    });

    it("stores a schedule as the site's local time on either side of a change of clocks", async () => {
      const editor = await staff([ROLES.editor]);
      const draft = await create(editor, post({ title: 'Summer sale', slug: 'summer-sale' }));
      const summer = await editor.request('POST', `${POSTS}/${draft.id}/publishing`, {
        version: draft.version,
        action: 'schedule',
        at: '2031-07-01T09:00',
      });
      expect(summer.statusCode, summer.body).toBe(200);
      expect(summer.json()).toMatchObject({
        status: 'scheduled',
        publishOn: '2031-07-01T09:00',
        timeZone: 'America/New_York',
      });
      // New York in July is four hours behind UTC…
      expect(await storedPublishOn(draft.id)).toBe(Date.UTC(2031, 6, 1, 13, 0));

      const winter = await editor.request('POST', `${POSTS}/${draft.id}/publishing`, {
        version: summer.json().version,
        action: 'schedule',
        at: '2031-12-01T09:00',
      });
      expect(winter.json()).toMatchObject({ status: 'scheduled', publishOn: '2031-12-01T09:00' });
      // …and five in December.
      expect(await storedPublishOn(draft.id)).toBe(Date.UTC(2031, 11, 1, 14, 0));

      const listed = (await editor.request('GET', `${POSTS}?status=scheduled&q=summer`)).json() as PostPage;
      expect(listed.posts.map((p) => [p.title, p.status, p.publishOn])).toEqual([
        ['Summer sale', 'scheduled', '2031-12-01T09:00'],
      ]);

      const past = await editor.request('POST', `${POSTS}/${draft.id}/publishing`, {
        version: winter.json().version,
        action: 'schedule',
        at: '2020-01-01T09:00',
      });
      expect(past.statusCode).toBe(400);
      expect(past.json().message).toMatch(
        /^Choose a time after now \(.+ in America\/New_York\), or publish now\.$/,
      );
      const nonsense = await editor.request('POST', `${POSTS}/${draft.id}/publishing`, {
        version: winter.json().version,
        action: 'schedule',
        at: '2031-02-30T09:00',
      });
      expect(nonsense.json().message).toBe('"2031-02-30T09:00" is not a date and time in America/New_York.');
    });

    it('refuses a 61st block with the limit in the message, and keeps the post as it was', async () => {
      const editor = await staff([ROLES.editor]);
      const sixty = Array.from({ length: 60 }, (_, i) => textBlock(`b${i}`, `<p>Paragraph ${i}</p>`));
      const full = await create(editor, post({ title: 'Long read', slug: 'long-read', blocks: sixty }));
      expect(full.blocks).toHaveLength(60);
      const refused = await editor.request('PUT', `${POSTS}/${full.id}`, {
        version: full.version,
        post: { ...inputOf(full), blocks: [...sixty, textBlock('b60', '<p>One more</p>')] },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'too-many-blocks',
        message:
          'A layout holds at most 60 blocks; this one has 61. Remove some blocks, or move them to another page.',
      });
      const now = (await editor.request('GET', `${POSTS}/${full.id}`)).json() as PostRecord;
      expect(now.blocks).toHaveLength(60);
      expect(now.version).toBe(full.version);
    });

    it("refuses blocks the renderer cannot show, tags and categories beyond the spec's lengths", async () => {
      const editor = await staff([ROLES.editor]);
      const refusal = async (input: PostInput) => {
        const res = await editor.request('POST', POSTS, {
          blogId: BLOG,
          post: { ...input, slug: input.slug === 'glazes-that-run' ? 'refused' : input.slug },
        });
        expect(res.statusCode).toBe(400);
        return res.json().message as string;
      };
      expect(await refusal(post({ tags: ['x'.repeat(51)] }))).toBe(
        `Tags are limited to 50 characters: "${'x'.repeat(51)}" is too long.`,
      );
      expect(await refusal(post({ categories: ['y'.repeat(26)] }))).toBe(
        `Categories are limited to 25 characters: "${'y'.repeat(26)}" is too long.`,
      );
      expect(
        await refusal(
          post({ blocks: [{ id: 'p', type: 'product', collection: 'shop', item: 'no-such-thing' }] }),
        ),
      ).toBe('Block 1 (product) names the product "shop/no-such-thing", which the site does not have.');
      expect(
        await refusal(
          post({
            blocks: [
              textBlock('a', '<p>a</p>'),
              {
                id: 'i',
                type: 'image',
                image: { assetUrl: 'https://elsewhere.example/x.jpg', originalSize: '10x10' },
              },
            ],
          }),
        ),
      ).toMatch(/^Block 2 \(image\) cannot be saved: image\.assetUrl: /);
      expect(await refusal(post({ slug: 'Not A Slug' }))).toContain('"Not A Slug"');
    });

    it('answers a stale save with 409 naming who saved and when, and keeps the first save', async () => {
      const ada = await staff([ROLES.admin]);
      const bea = await staff(
        [ROLES.editor],
        t(() => second),
      );
      const created = await create(ada, post({ title: 'Contested', slug: 'contested' }));
      const adaSave = await ada.request('PUT', `${POSTS}/${created.id}`, {
        version: created.version,
        post: { ...inputOf(created), excerptHtml: '<p>Ada wrote this.</p>' },
      });
      expect(adaSave.statusCode).toBe(200);
      const stale = await bea.request('PUT', `${POSTS}/${created.id}`, {
        version: created.version,
        post: { ...inputOf(created), title: 'Bea typed this' },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'record-changed',
        changedBy: ada.email,
        changedOn: adaSave.json().updatedOn,
        currentVersion: created.version + 1,
      });
      expect(stale.json().message).toMatch(
        new RegExp(`^${ada.email} saved this at .+\\(America/New_York\\)`),
      );
      const now = (await ada.request('GET', `${POSTS}/${created.id}`)).json() as PostRecord;
      expect([now.title, now.excerptHtml]).toEqual(['Contested', '<p>Ada wrote this.</p>']);
    });

    it('lists every save as a revision and restores one as a new save', async () => {
      const editor = await staff([ROLES.editor]);
      const created = await create(editor, post({ title: 'First title', slug: 'revised' }));
      const saved = await editor.request('PUT', `${POSTS}/${created.id}`, {
        version: created.version,
        post: { ...inputOf(created), title: 'Second title', tags: ['changed'] },
      });
      expect(saved.json().title).toBe('Second title');
      const { revisions } = (
        await editor.request('GET', `${POSTS}/${created.id}/revisions`)
      ).json() as ContentRevisions;
      expect(revisions.map((r) => [r.version, r.savedBy, r.changes])).toEqual([
        [2, editor.email, ['Title', 'Tags']],
        [1, editor.email, ['Created']],
      ]);
      const firstRevision = revisions[1]?.id ?? '';
      const restored = await editor.request(
        'POST',
        `${POSTS}/${created.id}/revisions/${firstRevision}/restore`,
      );
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json()).toMatchObject({
        title: 'First title',
        tags: ['glaze'],
        version: 3,
        status: 'draft',
      });
      const after = (
        await editor.request('GET', `${POSTS}/${created.id}/revisions`)
      ).json() as ContentRevisions;
      expect(after.revisions[0]?.changes).toEqual(['Restored version 1', 'Title', 'Tags']);
    });

    it('answers the old address of a published post with 301 once its slug changes', async () => {
      const editor = await staff([ROLES.editor]);
      const created = await create(editor, post({ title: 'Moving post', slug: 'moving-post' }));
      const published = (
        await editor.request('POST', `${POSTS}/${created.id}/publishing`, { version: 1, action: 'publish' })
      ).json() as PostRecord;
      const moved = await editor.request('PUT', `${POSTS}/${created.id}`, {
        version: published.version,
        post: { ...inputOf(published), slug: 'moved-post' },
      });
      expect(moved.json().url).toBe('/journal/moved-post');
      const old = await page(second, '/journal/moving-post');
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe('/journal/moved-post');
      expect((await page(second, '/journal/moved-post')).statusCode).toBe(200);
    });

    it('previews a draft as the site renders it to staff only, never for visitors or search engines', async () => {
      const editor = await staff([ROLES.editor]);
      const draft = await create(editor, post({ title: 'Secret draft', slug: 'secret-draft' }));
      expect(draft.previewUrl).toBe(`/config/preview/posts/${draft.id}`);

      const shown = await editor.request('GET', draft.previewUrl);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['cache-control']).toBe('no-store');
      expect(shown.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(shown.body).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(shown.body).toContain('<h1 class="post-title">Secret draft</h1>');
      expect(shown.body).toContain('Ink Blue ran on the tall mugs.');
      // A viewer may look, too: every staff role reads the back office.
      const viewer = await staff([ROLES.viewer]);
      expect((await viewer.request('GET', draft.previewUrl)).statusCode).toBe(200);

      // A browser without a staff session is sent to sign in, as on every back-office screen.
      const visitor = new Customer(one);
      await visitor.start();
      await makeAccount(first.database.db, 'shopper@example.test', { kind: 'customer' });
      const shopper = new Customer(one);
      expect((await shopper.signIn('shopper@example.test')).statusCode).toBe(200);
      for (const browser of [visitor, shopper]) {
        const refused = await browser.request('GET', draft.previewUrl);
        expect(refused.statusCode).toBe(303);
        expect(refused.headers.location).toBe('/config/login');
        expect(refused.body).not.toContain('Secret draft');
      }
      // The draft's own address still answers 404 to everyone.
      expect((await page(first, '/journal/secret-draft')).statusCode).toBe(404);
    });

    it('names a member of staff as the author, and no one else', async () => {
      const editor = await staff([ROLES.editor]);
      const { authors } = (await editor.request('GET', POSTS)).json() as PostPage;
      const me = authors.find((a) => a.name === `Writer ${made}`);
      expect(me).toBeDefined();
      const created = await create(
        editor,
        post({ title: 'Signed', slug: 'signed', authorId: me?.id ?? null }),
      );
      expect(created.authorId).toBe(me?.id);
      const stranger = await editor.request('POST', POSTS, {
        blogId: BLOG,
        post: post({ slug: 'unsigned', authorId: 'nobody' }),
      });
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json().message).toBe('The author must be a member of staff.');
    });

    it("saves a page's layout on its version, shown on another instance, and restores a revision", async () => {
      const editor = await staff([ROLES.editor]);
      const url = '/api/config/pages/c-studio/content';
      const loaded = (await editor.request('GET', url)).json() as PageContentRecord;
      expect(loaded).toMatchObject({ id: 'c-studio', url: '/studio', blocks: [] });
      expect((await page(second, '/studio')).body).not.toContain('Open Thursday to Sunday');
      const saved = await editor.request('PUT', url, {
        version: loaded.version,
        blocks: [
          { id: 'hours', type: 'heading', text: 'Open Thursday to Sunday', level: 2 },
          { id: 'go', type: 'button', label: 'Find us', url: '/contact', size: 'large', alignment: 'center' },
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ version: loaded.version + 1, updatedBy: editor.email });
      const shown = await page(second, '/studio');
      expect(shown.body).toContain('Open Thursday to Sunday');
      expect(shown.body).toContain('Find us');

      const stale = await editor.request('PUT', url, { version: loaded.version, blocks: [] });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'record-changed', changedBy: editor.email });

      const tooMany = await editor.request('PUT', url, {
        version: loaded.version + 1,
        blocks: Array.from({ length: 61 }, (_, i) => textBlock(`t${i}`, '<p>x</p>')),
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().code).toBe('too-many-blocks');

      const emptied = await editor.request('PUT', url, { version: loaded.version + 1, blocks: [] });
      expect(emptied.statusCode).toBe(200);
      expect((await page(second, '/studio')).body).not.toContain('Open Thursday to Sunday');
      const { revisions } = (await editor.request('GET', `${url}/revisions`)).json() as ContentRevisions;
      const withHours = revisions.find((r) => r.version === loaded.version + 1);
      const restored = await editor.request('POST', `${url}/revisions/${withHours?.id ?? ''}/restore`);
      expect(restored.statusCode, restored.body).toBe(200);
      expect((await page(second, '/studio')).body).toContain('Open Thursday to Sunday');
    });

    it('lets editors and admins write posts and page content; other staff read only, visitors nothing', async () => {
      const owner = await staff([ROLES.admin]);
      const target = await create(owner, post({ title: 'Roles', slug: 'roles' }));
      for (const [name, code] of Object.entries(ROLES)) {
        const member = await staff([code]);
        const writes = code === ROLES.admin || code === ROLES.editor;
        expect
          .soft((await member.request('GET', `${POSTS}/${target.id}`)).statusCode, `${name} read`)
          .toBe(200);
        const created = await member.request('POST', POSTS, {
          blogId: BLOG,
          post: post({ title: `By ${name}`, slug: `by-${name}` }),
        });
        expect.soft(created.statusCode, `${name} create`).toBe(writes ? 201 : 403);
        const page = await member.request('PUT', '/api/config/pages/c-home/content', {
          version: 1,
          blocks: [],
        });
        if (!writes) expect.soft(page.statusCode, `${name} page`).toBe(403);
      }
      const visitor = new Customer(one);
      await visitor.start();
      for (const [method, url] of [
        ['GET', POSTS],
        ['GET', `${POSTS}/${target.id}`],
        ['PUT', `${POSTS}/${target.id}`],
        ['POST', `${POSTS}/${target.id}/publishing`],
        ['GET', '/api/config/pages/c-home/content'],
      ] as const) {
        const res = await visitor.request(method, url, method === 'GET' ? undefined : {});
        expect.soft(res.statusCode, `${method} ${url}`).toBe(401);
      }
    }, 90_000);
  });
}
