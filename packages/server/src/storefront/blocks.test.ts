import { describe, expect, it } from 'vitest';
import { parseBlockFields, type Block } from '../platform/site/blocks.ts';
import { appForSuite, DATABASES, DEMO_SITE } from '../testing/app.ts';
import { createTemplateEngine } from './engine.ts';
import { renderBlockField } from './blocks.ts';

/** One block rendered alone in a field, with the platform's helpers (the real engine). */
function render(raw: Record<string, unknown>, items: Record<string, unknown>[] = []): string {
  const parsed = parseBlockFields({ f: [{ id: 'b1', ...raw }] });
  if (!parsed.ok) throw new Error(parsed.problem);
  const engine = createTemplateEngine();
  const root = { localizedStrings: {}, website: { id: 'w' } };
  return renderBlockField({ id: 'f' }, parsed.fields.f as Block[], {
    root,
    render: (template, context) => engine.render(template, context).output,
    items: () => items,
  }).html;
}

const wrapperOf = (html: string) =>
  /<div class="sqs-block ([^"]+)" data-block-type="(\d+)" id="block-b1"/.exec(html);

describe('layout blocks: each type as the platform writes it', () => {
  const image = { assetUrl: '/media/a.jpg', originalSize: '1600x1000', altText: 'A kiln' };
  const oembed = {
    providerName: 'YouTube',
    title: 'Kiln',
    html: '<iframe src="https://www.youtube-nocookie.com/embed/x"></iframe>',
  };
  const cases: [string, Record<string, unknown>, number, string, RegExp][] = [
    [
      'text',
      { html: '<p>Hello <em>there</em></p>' },
      2,
      'html',
      /<div class="sqs-html-content"><p>Hello <em>there<\/em><\/p><\/div>/,
    ],
    ['heading', { text: 'Fired <up>', level: 3 }, 2, 'html', /<h3>Fired &lt;up&gt;<\/h3>/],
    [
      'image',
      { image, caption: 'The kiln', link: '/journal' },
      5,
      'image',
      /<figure class="sqs-block-image-figure"><a href="\/journal"><noscript><img src="\/media\/a.jpg" srcset="\/media\/a.jpg\?format=100w 100w, [^"]*\/media\/a.jpg\?format=original 1600w" sizes="100vw" alt="A kiln" \/><\/noscript><img class="thumb-image" [^>]*data-src="\/media\/a.jpg"[^>]*data-image-dimensions="1600x1000"[\s\S]*<figcaption class="image-caption">The kiln<\/figcaption>/,
    ],
    [
      'gallery',
      {
        title: 'Studio',
        images: [image, { ...image, assetUrl: '/media/b.jpg', title: 'B' }],
        options: { design: 'slider' },
      },
      8,
      'gallery',
      /<section class="sf-gallery sqs-gallery-design-slider sf-gallery--aspect-4-3 sf-gallery--align-center" style="--sf-gallery-padding: 20px; --sf-gallery-columns: 4; --sf-gallery-max-width: 300px; --sf-gallery-strip-height: 80px; --sf-gallery-strip-margin: 20px" aria-label="Studio" data-gallery-design="slider"><ul class="sf-gallery__grid"><li class="sf-gallery__item"><figure class="sf-gallery__frame"><a class="sf-gallery__open" href="\/media\/a.jpg" style="aspect-ratio: 4 \/ 3"><noscript>/,
    ],
    [
      'gallery',
      // An image with no alt text: its link is still named (axe link-name), as the island names it.
      { title: 'Kiln', images: [{ ...image, altText: undefined, title: 'Cones' }] },
      8,
      'gallery',
      /<a class="sf-gallery__open" href="\/media\/a.jpg" aria-label="Open image 1 of 1: Cones" style=/,
    ],
    [
      'video',
      { url: 'https://www.youtube.com/watch?v=x', oembed, caption: 'Unloading' },
      32,
      'video',
      /<button type="button" class="sf-facade__play" aria-label="Play video: Kiln">[\s\S]*<template class="sf-facade__embed"><iframe src="https:\/\/www.youtube-nocookie.com\/embed\/x"><\/iframe><\/template><\/div><a class="sf-facade__link" href="https:\/\/www.youtube.com\/watch\?v=x">/,
    ],
    [
      'audio',
      { assetUrl: '/media/bell.wav', title: 'Bell', author: 'Nell' },
      41,
      'audio',
      /<audio controls preload="none" src="\/media\/bell.wav">/,
    ],
    [
      'quote',
      { text: 'Wait.', source: 'Nell' },
      31,
      'quote',
      /<blockquote><p>Wait.<\/p><\/blockquote><figcaption class="source">Nell<\/figcaption>/,
    ],
    [
      'button',
      { label: 'Shop', url: '/shop', size: 'large', alignment: 'center' },
      53,
      'button',
      /<div class="sqs-block-button-container sqs-block-button-container--center"><a class="sqs-block-button-element sqs-block-button-element--large sqs-button-element--primary" href="\/shop">Shop<\/a>/,
    ],
    [
      'form',
      { formId: 'contact' },
      9,
      'form',
      /<div class="sf-form" id="form-contact" data-form-id="contact">/,
    ],
    [
      'product',
      { collection: 'shop', item: 'mug' },
      43,
      'product',
      /<div class="sf-product-block variant-style-select" data-item-id="p1"><a class="sf-product-block__link" href="\/shop\/p\/mug">[\s\S]*<h2 class="sf-product-block__title">Mug<\/h2>/,
    ],
    [
      'summary',
      { collection: 'journal', title: 'More', limit: 2 },
      55,
      'summary-v2',
      /<h2 class="summary-heading">More<\/h2><ul class="summary-item-list"><li class="summary-item"><a class="summary-title-link" href="\/shop\/p\/mug">/,
    ],
    [
      'code',
      { code: '<b>cone 6</b>', language: 'html' },
      23,
      'code',
      /<pre class="source-code"><code class="language-html">&lt;b&gt;cone 6&lt;\/b&gt;<\/code><\/pre>/,
    ],
    [
      'embed',
      { url: 'https://player.vimeo.com/video/1', oembed: { ...oembed, providerName: 'Vimeo' } },
      22,
      'embed',
      /aria-label="Load Kiln"[\s\S]*<template class="sf-facade__embed">/,
    ],
    [
      'spacer',
      { size: 'large' },
      21,
      'spacer',
      /<div class="sf-spacer sf-spacer--large" aria-hidden="true"><\/div>/,
    ],
    [
      'newsletter',
      { formId: 'newsletter', title: 'Letters' },
      51,
      'newsletter',
      /<h2 class="newsletter-form-header-title">Letters<\/h2><div class="sf-form" id="form-newsletter" data-form-id="newsletter">/,
    ],
  ];
  const product = { id: 'p1', title: 'Mug', fullUrl: '/shop/p/mug', urlId: 'mug', recordType: 11 };
  for (const [type, fields, number, className, content] of cases) {
    it(`${type}: block type ${number}, classes "sqs-block ${className}-block sqs-block-${className}", its content`, () => {
      const html = render({ type, ...fields }, [product]);
      const wrapper = wrapperOf(html);
      expect(wrapper?.[1]).toBe(`${className}-block sqs-block-${className} sf-block-${type}`);
      expect(wrapper?.[2]).toBe(String(number));
      expect(html).toMatch(
        /^<div class="sqs-layout sqs-grid-12 columns-12" data-type="block-field" id="f"><div class="row sqs-row"><div class="col sqs-col-12 span-12">/,
      );
      expect(html).toMatch(content);
    });
  }

  it('product and summary thumbnails are decorative (alt=""): the title beside them in the link names it', () => {
    const withImage = { ...product, mainImageId: 'i1', assetUrl: '/media/mug.jpg', originalSize: '800x800' };
    for (const fields of [
      { type: 'product', collection: 'shop', item: 'mug' },
      { type: 'summary', collection: 'shop', limit: 1 },
    ]) {
      const html = render(fields, [withImage]);
      const alts = [...html.matchAll(/<img [^>]*?alt="([^"]*)"/g)].map((m) => m[1]);
      expect(alts, fields.type).toEqual(['', '']);
      expect(html, fields.type).toMatch(/>Mug<\/(h2|span)>/);
    }
  });

  it("a slideshow or slider draws the space of the island's controls and thumbnails, unseen and inert; a grid does not", () => {
    const gallery = (design: string, images = [image, image, image]) =>
      render({ type: 'gallery', title: 'S', images, options: { design, autoplay: true, thumbnails: true } });
    const reserved = /<div class="sf-gallery__reserved" aria-hidden="true">([\s\S]*)<\/div><\/section>/;
    for (const design of ['slideshow', 'slider']) {
      const space = reserved.exec(gallery(design))?.[1] ?? '';
      expect(space, design).toMatch(
        /^<div class="sf-gallery__controls"><button type="button" class="sf-gallery__prev" tabindex="-1">Previous image<\/button><button type="button" class="sf-gallery__toggle" tabindex="-1">Pause slideshow<\/button><button type="button" class="sf-gallery__next" tabindex="-1">Next image<\/button><\/div><ul class="sf-gallery__thumbnails">/,
      );
      expect(space.match(/class="sf-gallery__thumbnail" tabindex="-1"/g), design).toHaveLength(3);
    }
    expect(gallery('grid')).not.toContain('sf-gallery__reserved');
    expect(gallery('slideshow', [image])).not.toContain('sf-gallery__reserved');
  });

  it('a gallery carries its images and options (defaults filled) in data-block-json, for the island', () => {
    const html = render({
      type: 'gallery',
      title: 'S',
      images: [image],
      options: { design: 'slideshow', autoplay: true },
    });
    const json = /data-block-json="([^"]*)"/.exec(html)?.[1] ?? '';
    const block = JSON.parse(json.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as Record<string, unknown>;
    expect(block).toMatchObject({
      blockType: 8,
      images: [image],
      options: {
        design: 'slideshow',
        autoplay: true,
        'autoplay-duration': 5,
        lightbox: true,
        lightboxTheme: 'dark',
      },
    });
  });

  it("a gallery's image boxes have their size before the images load: the crop's ratio, or without auto-crop each image's own", () => {
    const portrait = { ...image, assetUrl: '/media/b.jpg', originalSize: '1200x1500' };
    const boxes = (options: Record<string, unknown>) =>
      [
        ...render({ type: 'gallery', title: 'S', images: [image, portrait], options }).matchAll(
          /<a class="sf-gallery__open" [^>]*style="aspect-ratio: ([^"]+)"/g,
        ),
      ].map((m) => m[1]);
    expect(boxes({ 'aspect-ratio': '16:9' })).toEqual(['16 / 9', '16 / 9']);
    expect(boxes({ design: 'stacked', 'auto-crop': false })).toEqual(['1600 / 1000', '1200 / 1500']);
  });

  it('a video writes no third-party address outside its inert template and its plain link', () => {
    const html = render({ type: 'video', url: 'https://www.youtube.com/watch?v=x', oembed });
    const outside = html
      .replace(/<template[\s\S]*?<\/template>/, '')
      .replace(/<a class="sf-facade__link"[^>]*>/, '');
    expect(outside).not.toMatch(/youtube/);
  });

  it('an empty field still writes its outer div', () => {
    const engine = createTemplateEngine();
    const { html } = renderBlockField({ id: 'empty', className: 'x' }, [], {
      root: {},
      render: (t, c) => engine.render(t, c).output,
      items: () => [],
    });
    expect(html).toBe(
      '<div class="sqs-layout sqs-grid-12 columns-12 x" data-type="block-field" id="empty"></div>',
    );
  });
});

for (const database of DATABASES) {
  describe(`[${database.name}] layout blocks on the demo site`, () => {
    const t = appForSuite(database, { siteDir: DEMO_SITE }, { webBundle: true });

    it('the post with blocks renders all fifteen block types in its block field, the product and summary from the database', async () => {
      const res = await t.app.inject({ url: '/journal/notes-from-the-winter-firing' });
      expect(res.statusCode).toBe(200);
      const field =
        /<div class="sqs-layout sqs-grid-12 columns-12 post__blocks" data-type="block-field" id="post-blocks">[\s\S]*$/.exec(
          res.body,
        )?.[0] ?? '';
      const types = [
        ...field.matchAll(/class="sqs-block [^"]* sf-block-([a-z]+)" data-block-type="(\d+)"/g),
      ].map((m) => `${m[1]}:${m[2]}`);
      expect(new Set(types)).toEqual(
        new Set([
          'heading:2',
          'text:2',
          'image:5',
          'video:32',
          'audio:41',
          'quote:31',
          'spacer:21',
          'gallery:8',
          'product:43',
          'summary:55',
          'code:23',
          'embed:22',
          'button:53',
          'form:9',
          'newsletter:51',
        ]),
      );
      // The product block shows the mug with its price and button; the page context knows it (the button works).
      expect(field).toMatch(/<h2 class="sf-product-block__title">Speckled Stoneware Mug<\/h2>/);
      expect(field).toMatch(/class="sqs-add-to-cart-button[^"]*"[^>]*data-item-id=/);
      expect(field).toMatch(
        /<ul class="summary-item-list">(<li class="summary-item">[\s\S]*?<\/li>){3}<\/ul>/,
      );
    });

    it('a page of blocks (no mainContent) renders its main-content field: the four gallery designs', async () => {
      const res = await t.app.inject({ url: '/gallery' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<h1 class="sf-blocks-page__title">Gallery<\/h1>/);
      for (const design of ['grid', 'slideshow', 'slider', 'stacked'])
        expect(res.body).toContain(`data-gallery-design="${design}"`);
    });

    it('the CSP lets the video players load in frames, and only them', async () => {
      const res = await t.app.inject({ url: '/gallery' });
      expect(String(res.headers['content-security-policy'])).toMatch(
        /frame-src 'self' https:\/\/www.youtube-nocookie.com https:\/\/www.youtube.com https:\/\/player.vimeo.com/,
      );
    });
  });
}
