/**
 * Issue 27, findings 2 and 3: a site folder is input from elsewhere. Links inside it that lead out
 * (to /etc/passwd, /proc/self/environ, a folder of secrets) are never served, and configuration
 * secrets never reach what a template can print.
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASES, FIXTURE_SITE, startApp, type TestApp } from '../../testing/app.ts';
import { SiteError } from './errors.ts';

const SECRET = 'secret-file-content-7f3a9c';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A folder outside the site holding a secret file. */
function outsideFolder(): { dir: string; file: string } {
  const dir = tempDir('storefront-outside-');
  const file = join(dir, 'secret.txt');
  writeFileSync(file, `${SECRET}\n`);
  return { dir, file };
}

function siteCopy(): string {
  const site = tempDir('storefront-site-');
  cpSync(FIXTURE_SITE, site, { recursive: true });
  return site;
}

for (const database of DATABASES) {
  describe(`[${database.name}] files outside the site folder are never served`, () => {
    let t: TestApp;
    let site: string;
    let outside: { dir: string; file: string };

    beforeAll(async () => {
      site = siteCopy();
      outside = outsideFolder();
      const assets = join(site, 'template', 'assets');
      const scripts = join(site, 'template', 'scripts');
      const media = join(site, 'content', 'media');
      symlinkSync(outside.file, join(assets, 'leak.css'));
      symlinkSync(outside.dir, join(assets, 'linked'));
      symlinkSync(outside.file, join(scripts, 'leak.js'));
      symlinkSync('/etc/passwd', join(media, 'passwd.gif'));
      symlinkSync(outside.file, join(media, 'leak.svg'));
      symlinkSync(outside.file, join(media, 'leak.jpg'));
      symlinkSync(outside.dir, join(media, 'linked'));
      // A link that stays inside the folder is an ordinary file.
      symlinkSync('site.js', join(scripts, 'alias.js'));
      t = await startApp(database, { siteDir: site });
    });
    afterAll(async () => {
      await t.close();
    });

    const get = (url: string) => t.app.inject({ method: 'GET', url });

    it(`[${database.name}] a linked asset, script, media file or folder answers 404 without the target's content`, async () => {
      for (const url of [
        '/assets/leak.css',
        '/assets/linked/secret.txt',
        '/scripts/leak.js',
        '/media/passwd.gif',
        '/media/passwd.gif?format=500w',
        '/media/leak.svg',
        '/media/leak.jpg',
        '/media/leak.jpg?format=500w',
        '/media/linked/secret.txt',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain(SECRET);
        expect(res.body, url).not.toContain('root:');
      }
    });

    it(`[${database.name}] files and links that stay inside the site folder are still served`, async () => {
      const script = await get('/scripts/alias.js');
      expect(script.statusCode).toBe(200);
      expect(script.body).toBe(readFileSync(join(site, 'template', 'scripts', 'site.js'), 'utf8'));
      expect((await get('/assets/logo.svg')).statusCode).toBe(200);
      expect((await get('/media/pixel.gif')).statusCode).toBe(200);
    });

    it(`[${database.name}] a file that becomes a link after start answers 404; media keeps what was imported`, async () => {
      const logo = join(site, 'template', 'assets', 'logo.svg');
      const pixel = join(site, 'content', 'media', 'pixel.gif');
      const pixelBytes = readFileSync(pixel);
      expect((await get('/assets/logo.svg')).statusCode).toBe(200);
      expect((await get('/media/pixel.gif')).statusCode).toBe(200);
      for (const file of [logo, pixel]) {
        unlinkSync(file);
        symlinkSync(outside.file, file);
      }
      const res = await get('/assets/logo.svg');
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(SECRET);
      // Media originals live in the database (docs/images.md): the file imported at start, never the link's target.
      const media = await get('/media/pixel.gif');
      expect(media.rawPayload.equals(pixelBytes)).toBe(true);
      expect(media.body).not.toContain(SECRET);
    });
  });

  describe(`[${database.name}] secrets never reach a page`, () => {
    afterEach(() => {
      vi.unstubAllEnvs();
    });

    it(`[${database.name}] a region linked to /proc/self/environ stops start-up naming the region`, async () => {
      const site = siteCopy();
      const region = join(site, 'template', 'site.region');
      unlinkSync(region);
      symlinkSync('/proc/self/environ', region);
      const failure = await startApp(database, { siteDir: site }).then(
        async (started) => {
          await started.close();
          return undefined;
        },
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(SiteError);
      expect((failure as SiteError).message).toBe(
        'template/site.region: leads outside the site folder (a symbolic link): not read',
      );
    });

    it(`[${database.name}] a template printing its whole context shows none of the configured secrets`, async () => {
      const secrets = {
        OWNER_TOKEN: 'owner-token-secret-51d2',
        STRIPE_SECRET_KEY: 'sk_test_stripe-secret-8e41',
        STRIPE_WEBHOOK_SECRET: 'whsec_webhook-secret-a9c0',
        SMTP_URL: 'smtp://mailer:smtp-password-c3f7@127.0.0.1:2525',
        DATABASE_URL: 'postgres://shop:database-password-0b6e@127.0.0.1:5432/shop',
      };
      for (const [name, value] of Object.entries(secrets)) vi.stubEnv(name, value);
      const site = siteCopy();
      // The page and a region each print the root of their context.
      writeFileSync(join(site, 'template', 'pages', 'about.page'), '<pre id="page-context">{@|json}</pre>');
      const footer = join(site, 'template', 'footer.region');
      writeFileSync(footer, `<pre id="region-context">{@|json}</pre>\n${readFileSync(footer, 'utf8')}`);
      mkdirSync(join(site, 'content', 'media'), { recursive: true });
      const t = await startApp(database, {
        siteDir: site,
        smtpUrl: secrets.SMTP_URL,
        stripe: {
          secretKey: secrets.STRIPE_SECRET_KEY,
          webhookSecret: secrets.STRIPE_WEBHOOK_SECRET,
          apiBase: 'http://127.0.0.1:9',
        },
      });
      try {
        for (const url of ['/', '/about']) {
          const res = await t.app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(200);
          // The dump is there: the website's settings were printed.
          expect(res.body, url).toMatch(/<pre id="region-context">\{.*website.*<\/pre>/s);
          for (const [name, value] of Object.entries(secrets)) {
            expect(res.body, `${url} shows ${name}`).not.toContain(value);
            // Not even in part: each secret's own word (a password inside an address, say).
            expect(res.body, `${url} shows ${name}`).not.toContain(/-(secret|password)-\w+/.exec(value)?.[0]);
          }
          if (t.config.databaseUrl)
            expect(res.body, `${url} shows the database address`).not.toContain(t.config.databaseUrl);
        }
      } finally {
        await t.close();
      }
    });
  });
}
