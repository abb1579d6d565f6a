/**
 * `/site.css` the platform's way: LESS compiled in `template.conf` order with the tweak variables
 * and platform stylesheets a template written for the platform relies on; tweak classes on the body;
 * errors that name the file and line a template author has to open.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTemplateEngine } from '../../storefront/engine.ts';
import { TagBodies } from './platform-tags.ts';
import { DATABASES, FIXTURE_SITE, testConfig } from '../../testing/databases.ts';
import { SiteError } from './errors.ts';
import { loadSite } from './loader.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the fixture site with `files` written over it (paths relative to the site folder). */
function siteWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-less-'));
  dirs.push(dir);
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

const load = (dir: string) => {
  const engine = createTemplateEngine();
  return loadSite(dir, (source) => engine.compile(source), new TagBodies());
};

function siteError(fn: () => unknown): SiteError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SiteError) return error;
    throw error;
  }
  throw new Error('expected a SiteError');
}

const conf = (stylesheets: string[]) =>
  JSON.stringify({
    name: 'Less fixture',
    layouts: { default: { regions: ['header', 'site', 'footer'] } },
    navigations: [{ title: 'Main', name: 'mainNav' }],
    stylesheets,
  });

/** Declarations the way platform templates write them: `//` lines, a block comment, split over lines. */
const TWEAKS = `// tweak: { "type": "color", "title": "Accent", "category": "Colours" }
@tweak-accent: #a0522d;

/*
  // tweak: {
  //   "type": "font",
  //   "title": "Heading 1 Font",
  // }
*/
@tweak-h1-font: italic 700 36px/1.2em "Lora", serif;

// tweak: { "type": "value", "title": "Site width", "min": 600, "max": 2000 }
@tweak-site-width: 1200px;

// tweak: { "type": "checkbox", "title": "Hide site title" }
@tweak-hide-site-title: true;

// tweak: { "type": "checkbox", "title": "Sticky header" }
@stickyHeader: false;

// tweak: { "type": "dropdown", "title": "Header layout", "options": ["Left", "Center Stacked"] }
@tweak-header-layout: "Center Stacked";
`;

/** A stylesheet reading what the platform supplies: font parts, an imported platform stylesheet. */
const SITE_LESS = `@import "tweaks.less";
@import "sqs-grid-breaker";
// a line comment never reaches the browser
.page { max-width: @tweak-site-width; color: @tweak-accent; }
h1 {
  font-family: @tweak-h1-font-font-family;
  font-size: @tweak-h1-font-font-size;
  font-weight: @tweak-h1-font-font-weight;
  font-style: @tweak-h1-font-font-style;
  line-height: @tweak-h1-font-line-height;
  letter-spacing: @tweak-h1-font-letter-spacing;
  text-transform: @tweak-h1-font-text-transform;
}
.gallery { .grid-breaker(800px); }
.half { width: (@tweak-site-width / 2); height: @tweak-site-width * 0.1; }
`;

const LESS_SITE = {
  'template/template.conf': conf(['reset', 'base.css', 'site.less']),
  'template/styles/tweaks.less': TWEAKS,
  'template/styles/site.less': SITE_LESS,
};

/** LESS_SITE with the site's own values for some of its tweaks (`websiteSettings.tweaks`). */
const LESS_SITE_WITH_OWN_TWEAKS = (() => {
  const website = JSON.parse(readFileSync(join(FIXTURE_SITE, 'content/website.json'), 'utf8')) as {
    websiteSettings: Record<string, unknown>;
  };
  website.websiteSettings.tweaks = {
    'tweak-accent': '#123456',
    'tweak-h1-font': { 'font-size': '48px', 'text-transform': 'uppercase' },
    'tweak-hide-site-title': false,
    stickyHeader: true,
    'tweak-header-layout': 'Left',
  };
  return { ...LESS_SITE, 'content/website.json': JSON.stringify(website) };
})();

/** The home page of the fixture site with its footer region replaced: the render warning naming `needle`. */
async function homePageWarning(
  database: (typeof DATABASES)[number],
  footerRegion: string,
  needle: string,
): Promise<{ warning: { msg: string; file?: string } | undefined; log: string }> {
  let log = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  const fresh = database.fresh();
  const app = await buildApp(
    testConfig(fresh.config, { siteDir: siteWith({ 'template/footer.region': footerRegion }) }),
    { logger: { stream, level: 'warn' } },
  );
  try {
    expect((await app.inject({ url: '/' })).statusCode).toBe(200);
    const warning = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; file?: string })
      .find((line) => line.msg.includes(needle));
    return { warning, log };
  } finally {
    await app.close();
    await fresh.cleanup();
  }
}

/** One CSS rule's declarations, by selector (the compiled output is LESS's own formatting). */
function rule(css: string, selector: string): string {
  const at = css.indexOf(`${selector} {`);
  expect(at, `no rule for ${selector}`).toBeGreaterThanOrEqual(0);
  return css.slice(at, css.indexOf('}', at) + 1);
}

describe('LESS stylesheets and tweaks', () => {
  it('each tweak type gives its LESS variables and classes (a table of declarations)', () => {
    const site = load(siteWith(LESS_SITE));
    const { css, tweakClasses } = site.template;
    const table: [string, string, string][] = [
      ['color', '.page', 'color: #a0522d;'],
      ['value', '.page', 'max-width: 1200px;'],
      ['value, in arithmetic', '.half', 'width: 600px;'],
      ['value, in arithmetic', '.half', 'height: 120px;'],
      ['font family', 'h1', 'font-family: "Lora", serif;'],
      ['font size', 'h1', 'font-size: 36px;'],
      ['font weight', 'h1', 'font-weight: 700;'],
      ['font style', 'h1', 'font-style: italic;'],
      ['font line height', 'h1', 'line-height: 1.2em;'],
      ['font letter spacing', 'h1', 'letter-spacing: normal;'],
      ['font transform', 'h1', 'text-transform: none;'],
    ];
    for (const [what, selector, declaration] of table)
      expect(rule(css, selector), what).toContain(declaration);
    // Checked checkbox: its class; unchecked: none; dropdown: name and choice.
    expect(tweakClasses).toEqual(['tweak-hide-site-title', 'tweak-header-layout-center-stacked']);
    expect(css).not.toMatch(/@tweak|\/\/ a line comment/);
  });

  it("the site's own values (websiteSettings.tweaks) override the defaults in CSS and classes", () => {
    const site = load(siteWith(LESS_SITE_WITH_OWN_TWEAKS));
    expect(rule(site.template.css, '.page')).toContain('color: #123456;');
    const h1 = rule(site.template.css, 'h1');
    expect(h1).toContain('font-size: 48px;');
    expect(h1).toContain('text-transform: uppercase;');
    expect(h1).toContain('font-family: "Lora", serif;');
    expect(site.template.tweakClasses).toEqual(['tweak-sticky-header', 'tweak-header-layout-left']);
  });

  it('platform stylesheets resolve: imported (grid-breaker) and listed in template.conf (reset)', () => {
    const { css } = load(siteWith(LESS_SITE)).template;
    // The reset comes first, as listed, then base.css as it is, then the template's LESS.
    expect(css.indexOf('border-collapse: collapse')).toBeGreaterThanOrEqual(0);
    expect(css.indexOf('border-collapse: collapse')).toBeLessThan(css.indexOf('font-family: sans-serif'));
    expect(css).toContain('.sqs-layout .sqs-col-6');
    expect(css).toMatch(/@media only screen and \(max-width: 800px\) \{\s*\.gallery \.sqs-row/);
  });

  it("a template's own copy of a platform stylesheet wins over the platform's", () => {
    const site = load(
      siteWith({ ...LESS_SITE, 'template/styles/sqs-grid-breaker.less': '.grid-breaker(@w) { own: @w; }' }),
    );
    expect(rule(site.template.css, '.gallery')).toContain('own: 800px;');
    expect(site.template.css).not.toContain('.sqs-layout .sqs-col-6');
  });

  it('a LESS syntax error stops start-up naming its file and line', () => {
    const broken = SITE_LESS.replace('.half {', '.half {{');
    const inListed = siteError(() => load(siteWith({ ...LESS_SITE, 'template/styles/site.less': broken })));
    expect(inListed.file).toBe('template/styles/site.less');
    expect(inListed.line).toBe(15);
    expect(inListed.message).toMatch(/^template\/styles\/site\.less:15:\d+: stylesheet does not compile/);

    const inImported = siteError(() =>
      load(siteWith({ ...LESS_SITE, 'template/styles/tweaks.less': `${TWEAKS}\n.x { color: @nowhere; }\n` })),
    );
    expect(inImported.file).toBe('template/styles/tweaks.less');
    expect(inImported.line).toBe(TWEAKS.split('\n').length + 1);
    expect(inImported.reason).toContain('@nowhere');
  });

  it('LESS reads nothing outside the template folder and fetches nothing', () => {
    const cases: [string, string][] = [
      ['@import (less) "../../content/website.json";', 'is outside the template folder'],
      ['@import (inline) "/etc/hostname";', 'is outside the template folder'],
      ['@import (less) "http://127.0.0.1:9/remote.less";', 'was not found'],
    ];
    for (const [line, reason] of cases) {
      const error = siteError(() =>
        load(siteWith({ ...LESS_SITE, 'template/styles/site.less': `${SITE_LESS}${line}\n` })),
      );
      expect([error.file, error.line], line).toEqual([
        'template/styles/site.less',
        SITE_LESS.split('\n').length,
      ]);
      expect(error.reason, line).toContain(reason);
    }
    // data-uri() of a file outside keeps the plain url(), as LESS does for a file it cannot read.
    const site = load(
      siteWith({
        ...LESS_SITE,
        'template/styles/site.less': `${SITE_LESS}.x { background: data-uri("../../content/website.json"); }\n`,
      }),
    );
    expect(rule(site.template.css, '.x')).toContain('url("../../content/website.json")');
    expect(site.template.css).not.toContain('base64');
  });

  it('a tweak declaration that is not JSON names its file and line', () => {
    const error = siteError(() =>
      load(
        siteWith({
          ...LESS_SITE,
          'template/styles/tweaks.less': `${TWEAKS}\n// tweak: { "type": "color" "title": "x" }\n@x: red;\n`,
        }),
      ),
    );
    expect(error.file).toBe('template/styles/tweaks.less');
    expect(error.line).toBe(TWEAKS.split('\n').length + 1);
    expect(error.reason).toMatch(/^tweak declaration is not valid JSON/);
  });

  it('a commented-out tweak or one of an unknown type is left out with a warning naming its line', () => {
    const extra = `\n// tweak: { "type": "checkbox", "title": "Old" }\n// @tweak-old: true;\n// tweak: { "type": "image", "title": "Logo" }\n@tweak-logo: none;\n`;
    const site = load(siteWith({ ...LESS_SITE, 'template/styles/tweaks.less': TWEAKS + extra }));
    const first = TWEAKS.split('\n').length + 1;
    expect(site.warnings).toEqual([
      {
        file: `template/styles/tweaks.less:${first}`,
        message: 'tweak declaration not followed by the variable it sets (@name: value;): ignored',
      },
      {
        file: `template/styles/tweaks.less:${first + 2}`,
        message: 'tweak type "image" is not one of color, font, value, checkbox, dropdown: ignored',
      },
    ]);
    expect(site.template.tweakClasses).not.toContain('tweak-old');
  });

  it("a stylesheet that is neither in styles/ nor the platform's still stops start-up", () => {
    const error = siteError(() =>
      load(siteWith({ ...LESS_SITE, 'template/template.conf': conf(['base.css', 'nowhere.less']) })),
    );
    expect(error.message).toBe('template/template.conf: stylesheet "nowhere.less" not found in styles/');
  });

  it('a parse error on the first line of a region names that region, not the one before it', () => {
    const site = readFileSync(join(FIXTURE_SITE, 'template/site.region'), 'utf8');
    const error = siteError(() => load(siteWith({ 'template/site.region': `{.section website}${site}` })));
    expect([error.file, error.line]).toEqual(['template/site.region', 1]);
  });

  for (const database of DATABASES) {
    it(`[${database.name}] the browser gets the compiled CSS and the page the tweak classes`, async () => {
      const fresh = database.fresh();
      const app = await buildApp(testConfig(fresh.config, { siteDir: siteWith(LESS_SITE) }), {
        logger: false,
      });
      try {
        const page = await app.inject({ url: '/' });
        const link = /<link rel="stylesheet" href="(\/site\.css\?v=[0-9a-f]+)">/.exec(page.body);
        expect(link).not.toBeNull();
        const css = await app.inject({ url: (link as RegExpExecArray)[1] as string });
        expect(css.statusCode).toBe(200);
        expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
        expect(rule(css.body, 'h1')).toContain('font-size: 36px;');
        expect(css.body).not.toContain('@tweak');
        expect(page.body).toMatch(
          /<body [^>]*class="tweak-hide-site-title tweak-header-layout-center-stacked collection-/,
        );
        // A missing script or asset: a 404 typed as the error page it is, never as the asset.
        for (const url of ['/scripts/site-bundle.js', '/assets/missing.css', '/assets/icons.svg']) {
          const missing = await app.inject({ url });
          expect(missing.statusCode, url).toBe(404);
          expect(missing.headers['content-type'], url).toBe('text/html; charset=utf-8');
          expect(missing.headers['x-content-type-options'], url).toBe('nosniff');
          expect(missing.headers['cache-control'], url).toBe('no-store');
        }
      } finally {
        await app.close();
        await fresh.cleanup();
      }
    });

    it(`[${database.name}] Static.SQUARESPACE_CONTEXT.tweakJSON carries the tweak values in effect: defaults, then the site's`, async () => {
      const fresh = database.fresh();
      const app = await buildApp(testConfig(fresh.config, { siteDir: siteWith(LESS_SITE_WITH_OWN_TWEAKS) }), {
        logger: false,
      });
      try {
        const page = await app.inject({ url: '/' });
        const json = /<script id="squarespace-context" type="application\/json">(.*?)<\/script>/.exec(
          page.body,
        );
        const { tweakJSON } = JSON.parse(json?.[1] ?? '{}') as { tweakJSON?: Record<string, unknown> };
        expect(tweakJSON).toEqual({
          'tweak-accent': '#123456',
          'tweak-h1-font': {
            'font-family': '"Lora", serif',
            'font-size': '48px',
            'font-weight': '700',
            'font-style': 'italic',
            'line-height': '1.2em',
            'letter-spacing': 'normal',
            'text-transform': 'uppercase',
          },
          'tweak-site-width': '1200px',
          'tweak-hide-site-title': 'false',
          stickyHeader: 'true',
          'tweak-header-layout': 'Left',
        });
      } finally {
        await app.close();
        await fresh.cleanup();
      }
    });

    it(`[${database.name}] a render error is logged at its region file and line, not the joined layout`, async () => {
      const footer = readFileSync(join(FIXTURE_SITE, 'template/footer.region'), 'utf8');
      // Below a multi-line <squarespace:query> body: its lines must still count.
      const lines = footer.split('\n');
      const at = lines.findIndex((l) => l.includes('</footer>'));
      lines.splice(at, 0, '<p>{website.siteTitle|apply no-such-partial.block}</p>');
      const { warning, log } = await homePageWarning(database, lines.join('\n'), 'no-such-partial');
      expect(warning?.file).toBe('template/footer.region');
      expect(warning?.msg).toContain(`template/footer.region:${at + 1}:`);
      expect(log).not.toContain('default.layout');
    });

    it(`[${database.name}] a render error inside a <squarespace:query> body names its region file and line`, async () => {
      const footer = readFileSync(join(FIXTURE_SITE, 'template/footer.region'), 'utf8');
      const lines = footer.split('\n');
      const at = lines.findIndex((l) => l.includes('<li>{title}</li>'));
      lines[at] = (lines[at] as string).replace('{title}', '{title|apply no-such-body-partial.block}');
      const { warning } = await homePageWarning(database, lines.join('\n'), 'no-such-body-partial');
      expect(warning?.file).toBe('template/footer.region');
      expect(warning?.msg).toContain(`template/footer.region:${at + 1}:`);
      expect(warning?.msg).not.toContain('<squarespace:query> body');
    });
  }
});
