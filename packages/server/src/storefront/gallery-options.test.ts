/**
 * Every gallery option of spec §3 at the ends of spec §9's ranges (issue 31): a site whose content
 * uses them starts and renders each design; a value outside its range is clamped with a warning
 * naming the file, the option and the range, rather than stopping the start.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GALLERY_DESIGNS, GALLERY_RANGES } from '@storefront/core/wire';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContentFolder } from '../platform/site/loader.ts';
import { appForSuite, DATABASES, FIXTURE_SITE } from '../testing/app.ts';
import { Shopper } from '../testing/shopper.ts';

const image = (n: number) => ({
  assetUrl: '/media/pixel.gif',
  originalSize: '1x1',
  altText: `Picture ${n}`,
  title: `Title ${n}`,
  description: `Description ${n}`,
});

/** Every option of spec §3, each number at `end` of its range. */
function optionsAt(design: string, end: 'min' | 'max'): Record<string, unknown> {
  const numbers = Object.fromEntries(
    Object.entries(GALLERY_RANGES).map(([name, range]) => [name, range[end]]),
  );
  const on = end === 'max';
  return {
    design,
    autoplay: on,
    controls: on,
    'auto-crop': on,
    'aspect-ratio': on ? '16:9' : '1:1',
    'square-thumbs': on,
    thumbnails: on,
    'show-meta': on,
    'show-meta-basic': on,
    'show-meta-only-title': on,
    'meta-position': on ? 'bottom-right' : 'top-left',
    'show-meta-on-hover': on,
    'active-alignment': on ? 'right' : 'left',
    lightbox: on,
    lightboxTheme: on ? 'light' : 'dark',
    newWindow: on,
    transparentBackground: on,
    ...numbers,
  };
}

function gallerySite(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-gallery-limits-'));
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  const blocks = GALLERY_DESIGNS.flatMap((design) =>
    (['min', 'max'] as const).map((end) => ({
      id: `gallery-${design}-${end}`,
      type: 'gallery',
      title: `${design} at ${end}`,
      images: [image(1), image(2), image(3)],
      options: optionsAt(design, end),
    })),
  );
  blocks.push({
    id: 'gallery-too-wide',
    type: 'gallery',
    title: 'Too wide',
    images: [image(1), image(2)],
    options: { ...optionsAt('grid', 'max'), padding: 80, 'thumbnails-per-row': 0 },
  });
  const page = {
    id: 'c-limits',
    urlId: 'limits',
    title: 'Limits',
    typeName: 'page',
    type: 10,
    blockFields: { 'main-content': blocks },
  };
  writeFileSync(join(dir, 'content/collections/limits.json'), JSON.stringify(page, null, 2));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

describe('gallery options in imported content', () => {
  const site = gallerySite();
  afterAll(() => site.cleanup());

  it('clamps a value outside its range, with a warning naming the file, the option and the range', () => {
    const folder = loadContentFolder(join(site.dir, 'content'));
    expect(folder.warnings).toEqual([
      {
        file: 'content/collections/limits.json',
        message:
          'block "gallery-too-wide" of field "main-content": gallery option "thumbnails-per-row" is 0, outside 1 to 10: clamped to 1',
      },
      {
        file: 'content/collections/limits.json',
        message:
          'block "gallery-too-wide" of field "main-content": gallery option "padding" is 80, outside 0 to 50: clamped to 50',
      },
    ]);
  });
});

for (const database of DATABASES) {
  describe(`[${database.name}] a site using every gallery option at its limits`, () => {
    const site = gallerySite();
    afterAll(() => site.cleanup());
    const t = appForSuite(database, { siteDir: site.dir });

    it('starts and renders each design with its options', async () => {
      const res = await new Shopper(t).request('GET', '/limits');
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const sections = [
        ...res.body.matchAll(
          /<section class="sf-gallery [^"]*" style="([^"]*)" aria-label="([^"]*)" data-gallery-design="(\w+)"/g,
        ),
      ];
      expect(sections.map((s) => [s[2], s[3]])).toEqual([
        ...GALLERY_DESIGNS.flatMap((design) => [
          [`${design} at min`, design],
          [`${design} at max`, design],
        ]),
        ['Too wide', 'grid'],
      ]);
      const style = (label: string) => sections.find((s) => s[2] === label)?.[1];
      expect(style('grid at max')).toBe(
        '--sf-gallery-padding: 50px; --sf-gallery-columns: 10; --sf-gallery-max-width: 300px; --sf-gallery-strip-height: 200px; --sf-gallery-strip-margin: 60px',
      );
      expect(style('slider at min')).toBe(
        '--sf-gallery-padding: 0px; --sf-gallery-columns: 1; --sf-gallery-max-width: 100px; --sf-gallery-strip-height: 0px; --sf-gallery-strip-margin: 0px',
      );
      expect(style('Too wide')).toContain('--sf-gallery-padding: 50px; --sf-gallery-columns: 1;');
      // show-meta-only-title leaves the descriptions out; newWindow opens each image in a new window.
      const from = res.body.indexOf('aria-label="grid at max"');
      const maxGrid = res.body.slice(from, res.body.indexOf('</section>', from));
      expect(maxGrid).toContain('Title 1');
      expect(maxGrid).not.toContain('Description 1');
      expect(maxGrid).toContain('target="_blank"');
    });
  });
}
