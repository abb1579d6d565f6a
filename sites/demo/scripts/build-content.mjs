#!/usr/bin/env node
/**
 * Writes the demo site's content JSON (content/website.json, navigation.json, collections/*.json,
 * forms/*.json) from the tables below. Plain Node, no dependencies.
 *
 *   node sites/demo/scripts/build-content.mjs
 *
 * Why a script: every variant carries its price twice (priceMoney as a decimal string and the legacy
 * `price` in cents), ids must be unique and stable, and option values must match `attributes`;
 * writing them from one table keeps them in sync. Edit the tables, run the script, commit both.
 * Images are drawn by draw-images.mjs into content/media/.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const contentDir = join(here, '..', 'content');

/** A stable 24-hex id (the shape of the reference's object ids) from a name. */
const oid = (name) => createHash('sha1').update(`juniper-row:${name}`).digest('hex').slice(0, 24);

const WEBSITE_ID = oid('website');
const SHOP_ID = oid('collection:shop');
const JOURNAL_ID = oid('collection:journal');

/** 2026-…, noon in New York (UTC-5 in winter, UTC-4 in summer is close enough for content). */
const at = (iso) => Date.parse(`${iso}T16:00:00Z`);

const write = (rel, value) => {
  const path = join(contentDir, rel);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
};

// ------------------------------------------------------------------------------------------ money

/** "48.00" -> 4800, exactly (no floating point). */
const cents = (value) => {
  const [whole, frac = ''] = value.split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
};
const usd = (value) => ({ currency: 'USD', value });

// ------------------------------------------------------------------------------------------ website

write('website.json', {
  website: {
    id: WEBSITE_ID,
    identifier: 'juniper-row',
    websiteType: 1,
    siteStatus: { value: 3 },
    language: 'en-US',
    timeZone: 'America/New_York',
    siteTitle: 'Juniper Row',
    siteTagLine: 'Small-batch homeware & clothing, made slowly in Hudson, New York.',
    siteDescription:
      '<p>Juniper Row is a two-person studio making stoneware, linen and candles in a converted feed store on the Hudson River. Everything is made in small runs and shipped from the studio.</p>',
    logoImageUrl: '/media/logo-mark.svg',
    baseUrl: 'http://localhost:3000',
    primaryDomain: 'juniperrow.studio',
    socialAccounts: [
      {
        serviceId: 64,
        serviceName: 'instagram-unauth',
        profileUrl: 'https://www.instagram.com/juniperrow.studio',
        screenname: 'juniperrow.studio',
      },
      {
        serviceId: 10,
        serviceName: 'pinterest-unauth',
        profileUrl: 'https://www.pinterest.com/juniperrowstudio',
        screenname: 'juniperrowstudio',
      },
    ],
    location: {
      addressTitle: 'Juniper Row Studio',
      addressLine1: '418 Warren Street',
      addressLine2: 'Hudson, NY 12534',
      addressCountry: 'United States',
      mapLat: 42.2512,
      mapLng: -73.7882,
      mapZoom: 14,
    },
    shareButtonOptions: { 1: true, 2: true, 8: true },
    captchaSettings: {},
  },
  websiteSettings: {
    id: oid('websiteSettings'),
    websiteId: WEBSITE_ID,
    country: 'US',
    state: 'NY',
    contactEmail: 'hello@juniperrow.studio',
    contactPhoneNumber: '(518) 555-0142',
    businessHours: {
      thursday: { text: '11am – 6pm' },
      friday: { text: '11am – 6pm' },
      saturday: { text: '10am – 6pm' },
      sunday: { text: '11am – 4pm' },
    },
    homepageTitleFormat: '%s — Small-batch homeware & clothing',
    collectionTitleFormat: '%c — %s',
    itemTitleFormat: '%i — %s',
    commentsEnabled: true,
    simpleLikingEnabled: true,
    storeSettings: {
      defaultCurrency: 'USD',
      selectedCurrency: 'USD',
      currenciesSupported: ['USD'],
      measurementStandard: 1,
      expressCheckout: false,
      useLightCart: false,
      businessName: 'Juniper Row Studio LLC',
      isLive: true,
      multipleQuantityAllowedForServices: true,
      // The instalment context of physical product pages (spec section 3; cents): the mug ($34)
      // is below the range, the other physical products are inside it.
      instalments: {
        afterPayAvailable: true,
        afterPayMin: 3500,
        afterPayMax: 200000,
        shopperLanguage: 'en',
        stripeAccountCountry: 'US',
      },
    },
  },
  localizedStrings: {},
});

write('navigation.json', {
  mainNav: ['shop', 'journal', 'about', 'contact'],
  footerNav: [
    'shop',
    'journal',
    'about',
    'contact',
    {
      externalLink: {
        url: 'https://www.instagram.com/juniperrow.studio',
        title: 'Instagram',
        newWindow: true,
      },
    },
  ],
});

// ------------------------------------------------------------------------------------------ products

/**
 * A product row: options in display order and one row per variant:
 * [attributes, price, stock (number | 'unlimited'), sale price?].
 */
/** Additional-fields forms (spec section 3: a product's additionalFieldsForm), also in forms/. */
const FIELDS_FORMS = {
  engraving: {
    id: 'engraving',
    name: 'Engraving',
    submitButtonText: 'Add to Cart',
    submissionMessage: { html: '' },
    submissionHTML: '',
    successRedirect: '',
    disclaimerMessage: { html: '' },
    captchaEnabled: false,
    theme: 'light',
    alignment: 'left',
    fields: [
      {
        id: 'engraving-initials',
        type: 'text',
        title: 'Initials to engrave',
        required: true,
        description: '<p>Up to three letters, burnt into the underside of the board.</p>',
      },
      {
        id: 'engraving-note',
        type: 'textarea',
        title: 'Gift note',
        required: false,
        description: '',
      },
    ],
  },
};

const products = [
  {
    urlId: 'linen-camp-shirt',
    title: 'Linen Camp Shirt',
    type: 1,
    starred: true,
    addedOn: '2026-09-02',
    tags: ['linen', 'apparel'],
    categories: ['Wear'],
    images: ['linen-shirt-oat.svg', 'linen-shirt-sage.svg'],
    excerpt: 'A relaxed, boxy camp-collar shirt in stonewashed European linen.',
    body: `<p>Our everyday shirt, cut boxy and a little cropped so it sits right tucked or untucked. The linen is woven in Lithuania and stonewashed before it is sewn, so it is soft from the first wear and only gets better.</p>
<ul><li>100% European flax linen, 185 g/m²</li><li>Camp collar, corozo nut buttons, single chest pocket</li><li>Machine wash cold, line dry</li></ul>
<p>Model is 5′9″ and wears a size M.</p>`,
    options: ['Size', 'Color'],
    variants: [
      [{ Size: 'S', Color: 'Oat' }, '98.00', 4],
      [{ Size: 'M', Color: 'Oat' }, '98.00', 7],
      [{ Size: 'L', Color: 'Oat' }, '98.00', 5],
      [{ Size: 'XL', Color: 'Oat' }, '98.00', 0],
      [{ Size: 'S', Color: 'Sage' }, '98.00', 3],
      [{ Size: 'M', Color: 'Sage' }, '98.00', 6],
      [{ Size: 'L', Color: 'Sage' }, '98.00', 2],
      [{ Size: 'XL', Color: 'Sage' }, '98.00', 1],
    ],
    restockVariants: [3],
  },
  {
    urlId: 'speckled-stoneware-mug',
    title: 'Speckled Stoneware Mug',
    type: 1,
    starred: true,
    addedOn: '2026-08-20',
    tags: ['stoneware', 'kitchen'],
    categories: ['Kitchen'],
    images: ['mug-speckled.svg', 'mug-ink.svg'],
    excerpt: 'A 12 oz wheel-thrown mug with a wide, thumb-friendly handle.',
    body: `<p>Thrown on the wheel in our studio from a speckled buff clay, then dipped in one of three house glazes. Each one holds a generous 12 oz pour and has a wide handle that fits three fingers.</p>
<ul><li>Stoneware, fired to cone 6</li><li>Dishwasher and microwave safe</li><li>Approx. 3.75″ tall × 3.5″ wide</li></ul>
<p>Because every mug is made by hand, glaze and size vary slightly from piece to piece.</p>`,
    options: ['Glaze'],
    variants: [
      [{ Glaze: 'Speckled White' }, '34.00', 12],
      [{ Glaze: 'Ink Blue' }, '34.00', 8],
      [{ Glaze: 'Moss' }, '34.00', 15],
    ],
  },
  {
    urlId: 'bud-vase-trio',
    title: 'Bud Vase Trio',
    type: 1,
    starred: false,
    addedOn: '2026-07-11',
    tags: ['stoneware', 'decor'],
    categories: ['Home'],
    images: ['bud-vases.svg'],
    excerpt: 'Three small porcelain bud vases for single stems and dried grasses.',
    body: `<p>Three little vases in three shapes, made to sit together on a sill or spread down a table. Translucent porcelain, glazed inside so they hold water, left bare and sanded smooth outside.</p>
<ul><li>Porcelain, fired to cone 10</li><li>Heights: 3″, 4″ and 5½″</li><li>Hand wash</li></ul>
<p>This batch has sold out; the next firing is in January. Leave your email below and we will write when they are back.</p>`,
    options: [],
    variants: [[{}, '58.00', 0]],
    restockVariants: [0],
    restockShown: true,
  },
  {
    urlId: 'waxed-canvas-tote',
    title: 'Waxed Canvas Market Tote',
    type: 1,
    starred: true,
    addedOn: '2026-06-28',
    tags: ['canvas', 'bags', 'sale'],
    categories: ['Wear'],
    images: ['tote-natural.svg', 'tote-charcoal.svg'],
    excerpt: 'A roomy waxed-canvas tote with leather handles. End-of-season price.',
    body: `<p>Big enough for a week of farmers-market produce or a laptop and a sweater. 16 oz cotton canvas, hand-waxed so it shrugs off rain, with vegetable-tanned leather handles that darken with use.</p>
<ul><li>15″ × 14″ × 6″, 24″ handle drop</li><li>Inside slip pocket and key loop</li><li>Refresh with wax bar as needed</li></ul>`,
    options: ['Color'],
    variants: [
      [{ Color: 'Natural' }, '68.00', 10, '49.00'],
      [{ Color: 'Charcoal' }, '68.00', 6, '49.00'],
    ],
  },
  {
    urlId: 'beeswax-pillar-candle',
    title: 'Hand-Poured Beeswax Pillar',
    type: 1,
    starred: true,
    addedOn: '2026-10-05',
    tags: ['candles', 'beeswax'],
    categories: ['Home'],
    images: ['candle-pillar.svg'],
    excerpt: 'A pure beeswax pillar, poured in small batches. Burns for about 60 hours.',
    body: `<p>Poured by hand from unbleached beeswax from an apiary just over the river in Columbia County. Beeswax burns slowly and cleanly with a warm, honeyed glow. No fragrance added: it smells faintly of honey on its own.</p>
<ul><li>3″ × 4″, approx. 60 hour burn</li><li>100% cotton wick</li><li>Trim the wick to ¼″ before each burn</li></ul>`,
    options: [],
    variants: [[{}, '26.00', 3]],
    scarcity: true,
  },
  {
    urlId: 'waffle-cotton-throw',
    title: 'Waffle Cotton Throw',
    type: 1,
    starred: true,
    addedOn: '2026-10-18',
    tags: ['cotton', 'textiles'],
    categories: ['Home'],
    images: ['throw-clay.svg'],
    excerpt: 'A heavy waffle-weave throw in garment-dyed organic cotton.',
    body: `<p>A deep waffle weave with enough weight to feel like a proper blanket, woven from organic cotton and garment-dyed in small lots, so each colour is a little different from the last. Finished with a simple knotted fringe.</p>
<ul><li>50″ × 70″</li><li>100% GOTS-certified organic cotton</li><li>Machine wash warm, tumble dry low</li></ul>`,
    options: ['Color'],
    variants: [
      [{ Color: 'Clay' }, '145.00', 5],
      [{ Color: 'Oat' }, '145.00', 4],
      [{ Color: 'Slate' }, '145.00', 9],
    ],
  },
  {
    urlId: 'merino-rib-beanie',
    title: 'Merino Rib Beanie',
    type: 1,
    starred: false,
    addedOn: '2026-10-28',
    tags: ['wool', 'apparel'],
    categories: ['Wear'],
    images: ['beanie-rust.svg'],
    excerpt: 'A soft, close-fitting rib knit in extra-fine merino.',
    body: `<p>Knit for us by a family mill in New Hampshire from extra-fine merino that is warm without the itch. A deep fold-over cuff so you can wear it slouchy or snug.</p>
<ul><li>100% extra-fine merino, 18.5 micron</li><li>One size fits most</li><li>Hand wash cold, dry flat</li></ul>`,
    options: ['Color'],
    variants: [
      [{ Color: 'Rust' }, '42.00', 11],
      [{ Color: 'Charcoal' }, '42.00', 7],
      [{ Color: 'Cream' }, '42.00', 9],
    ],
  },
  {
    urlId: 'linen-tea-towels',
    title: 'Striped Linen Tea Towels, Set of 2',
    type: 1,
    starred: false,
    addedOn: '2026-05-14',
    tags: ['linen', 'kitchen'],
    categories: ['Kitchen'],
    images: ['tea-towels.svg'],
    excerpt: 'Absorbent, lint-free linen towels with a woven stripe.',
    body: `<p>Linen is the best fabric for drying glasses: it is absorbent, dries fast and leaves no lint. These have a woven selvedge stripe and a hanging loop, and come as a pair.</p>
<ul><li>100% linen, 19″ × 27″</li><li>Machine wash warm</li></ul>`,
    options: ['Stripe'],
    variants: [
      [{ Stripe: 'Rust' }, '28.00', 20],
      [{ Stripe: 'Indigo' }, '28.00', 14],
    ],
  },
  {
    urlId: 'walnut-serving-board',
    title: 'Black Walnut Serving Board',
    type: 1,
    starred: false,
    addedOn: '2026-04-30',
    tags: ['wood', 'kitchen'],
    categories: ['Kitchen'],
    images: ['serving-board.svg'],
    excerpt: 'A hand-shaped board from Hudson Valley black walnut, in two sizes.',
    body: `<p>Cut from black walnut that came down in a storm near Kinderhook, air-dried for two years and shaped by hand. Finished with food-safe oil and beeswax. Use it for bread, cheese, or as the prettiest trivet on the table.</p>
<ul><li>Small: 14″ × 7″ · Large: 20″ × 9″</li><li>Hand wash, re-oil now and then</li></ul>`,
    options: ['Size'],
    variants: [
      [{ Size: 'Small' }, '64.00', 6],
      [{ Size: 'Large' }, '92.00', 3],
    ],
    // The add-to-cart button opens this form first (the additional-fields lightbox).
    fieldsForm: 'engraving',
  },
  {
    urlId: 'chore-apron',
    title: 'Cross-Back Chore Apron',
    type: 1,
    starred: false,
    addedOn: '2026-03-19',
    tags: ['canvas', 'apparel', 'studio'],
    categories: ['Wear'],
    images: ['apron-indigo.svg'],
    excerpt: 'The apron we wear in the studio: cross-back straps, deep pockets.',
    body: `<p>We designed this apron for long days at the wheel: cross-back straps that take the weight off your neck, two deep patch pockets and a loop for a towel. Heavy cotton twill that softens with every wash.</p>
<ul><li>100% cotton twill, 10 oz</li><li>One size, 34″ long</li><li>Machine wash, tumble dry low</li></ul>`,
    options: ['Color'],
    variants: [
      [{ Color: 'Indigo' }, '58.00', 8],
      [{ Color: 'Olive' }, '58.00', 5],
    ],
  },
  {
    urlId: 'candle-of-the-month',
    title: 'Candle of the Month Club',
    type: 1,
    starred: true,
    addedOn: '2026-09-21',
    tags: ['candles', 'subscription'],
    categories: ['Gifts & Classes'],
    images: ['candle-club.svg'],
    excerpt: 'A new seasonal beeswax candle at your door every month.',
    body: `<p>Each month we pour one small-batch candle just for members: a tinted beeswax taper pair in autumn, a pine-and-cedar tin in December, a spring pillar with pressed violets. Every box comes with a note on what went into it.</p>
<ul><li>Billed monthly, cancel any time</li><li>Ships the first week of each month</li><li>Free shipping on every box</li></ul>`,
    options: [],
    variants: [[{}, '28.00', 'unlimited']],
    subscription: { value: 1, unit: 'MONTH', numBillingCycles: 0 },
  },
  {
    urlId: 'slow-mornings-print-set',
    title: 'Slow Mornings Print Set (Digital Download)',
    type: 2,
    starred: false,
    addedOn: '2026-08-02',
    tags: ['prints', 'digital'],
    categories: ['Home'],
    images: ['print-set.svg'],
    excerpt: 'Three printable botanical illustrations, high-resolution files.',
    body: `<p>Three botanical line drawings from our sketchbook (juniper, yarrow and wild fennel), prepared as print-ready files. Print them at home or at your local print shop, in any size up to 18″ × 24″.</p>
<ul><li>3 PDF and 3 high-resolution PNG files, 300 dpi</li><li>Sizes: 5×7, 8×10, 11×14, 18×24</li><li>For personal use; download link sent by email</li></ul>`,
    options: [],
    variants: [[{}, '18.00', 'unlimited']],
  },
  {
    urlId: 'wheel-throwing-workshop',
    title: 'Intro to Wheel Throwing Workshop',
    type: 3,
    starred: false,
    addedOn: '2026-10-10',
    tags: ['workshop', 'stoneware'],
    categories: ['Gifts & Classes'],
    images: ['workshop-wheel.svg'],
    excerpt: 'A three-hour beginner class in our Hudson studio. Clay, glazing and firing included.',
    body: `<p>Spend a Saturday afternoon at the wheel with Nell. We start with wedging and centering, then throw cylinders and bowls. You pick your two favourite pieces; we trim, glaze and fire them, and they are ready to collect three weeks later.</p>
<ul><li>1 – 4 pm, maximum eight people</li><li>All materials and firing included</li><li>Wear clothes that can get muddy</li></ul>`,
    options: ['Date'],
    variants: [
      [{ Date: 'Sat, Dec 12' }, '120.00', 2],
      [{ Date: 'Sat, Jan 16' }, '120.00', 6],
      [{ Date: 'Sat, Feb 13' }, '120.00', 8],
    ],
  },
  {
    urlId: 'gift-card',
    title: 'Juniper Row Gift Card',
    type: 4,
    starred: false,
    addedOn: '2026-01-10',
    tags: ['gift'],
    categories: ['Gifts & Classes'],
    images: ['gift-card.svg'],
    excerpt: 'A digital gift card, delivered by email. Never expires.',
    body: `<p>For the person who would rather choose for themselves. Gift cards are delivered by email with your note, can be used in the shop and for workshops, and never expire.</p>`,
    options: ['Value'],
    variants: [
      [{ Value: '$25.00' }, '25.00', 'unlimited'],
      [{ Value: '$50.00' }, '50.00', 'unlimited'],
      [{ Value: '$100.00' }, '100.00', 'unlimited'],
      [{ Value: '$200.00' }, '200.00', 'unlimited'],
    ],
  },
];

const SKU_PREFIX = {
  'linen-camp-shirt': 'JR-LCS',
  'speckled-stoneware-mug': 'JR-MUG',
  'bud-vase-trio': 'JR-BVT',
  'waxed-canvas-tote': 'JR-TOT',
  'beeswax-pillar-candle': 'JR-CDL',
  'waffle-cotton-throw': 'JR-THR',
  'merino-rib-beanie': 'JR-BNE',
  'linen-tea-towels': 'JR-TWL',
  'walnut-serving-board': 'JR-WSB',
  'chore-apron': 'JR-APR',
  'candle-of-the-month': 'JR-CLB',
  'slow-mornings-print-set': 'JR-DIG',
  'wheel-throwing-workshop': 'JR-WKS',
  'gift-card': 'JR-GFT',
};

const skuPart = (s) =>
  s
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((w) => (/^\d+$/.test(w) ? w : w.slice(0, 3)))
    .join('')
    .toUpperCase();

const RESTOCK_MESSAGES = {
  buttonText: 'Notify Me',
  CTAText: 'Sold out for now. Leave your email and we will tell you when it is back.',
  placeholderText: 'Your email',
  mailingListDescription: 'Also send me the studio newsletter (about once a month)',
  successText: 'Thanks! We will email you when it is back in stock.',
};

const buildProduct = (p, index) => {
  const id = oid(`product:${p.urlId}`);
  const prefix = SKU_PREFIX[p.urlId];
  const subscriptionOptionId = p.subscription ? oid(`subscription-option:${p.urlId}`) : undefined;
  const plan = p.subscription
    ? {
        billingPeriod: { value: p.subscription.value, unit: p.subscription.unit },
        numBillingCycles: p.subscription.numBillingCycles,
        planVersionId: oid(`plan:${p.urlId}`),
      }
    : undefined;
  const variants = p.variants.map(([attributes, price, stock, sale], i) => {
    const unlimited = stock === 'unlimited';
    const suffix = Object.values(attributes).map(skuPart).join('-');
    const variant = {
      id: oid(`variant:${p.urlId}:${i}`),
      sku: suffix ? `${prefix}-${suffix}` : `${prefix}-${String(i + 1).padStart(2, '0')}`,
      attributes,
      optionValues: p.options.map((optionName) => ({ optionName, value: attributes[optionName] })),
      price: cents(price),
      salePrice: sale ? cents(sale) : 0,
      priceMoney: usd(price),
      salePriceMoney: usd(sale ?? '0.00'),
      onSale: Boolean(sale),
      qtyInStock: unlimited ? 0 : stock,
      unlimited,
    };
    if (plan) {
      variant.pricingOptions = [
        {
          productSubscriptionOptionId: subscriptionOptionId,
          price: cents(price),
          priceMoney: usd(price),
          salePriceMoney: usd('0.00'),
          onSale: false,
          percentageDiscount: 0,
          subscriptionPlan: plan,
        },
      ];
    }
    return variant;
  });
  const images = p.images.map((file, i) => ({
    id: oid(`image:${p.urlId}:${i}`),
    recordType: 2,
    title: i === 0 ? p.title : `${p.title}, view ${i + 1}`,
    assetUrl: `/media/${file}`,
    originalSize: '1200x1500',
    mediaFocalPoint: { x: 0.5, y: 0.5 },
    systemDataId: oid(`image-data:${p.urlId}:${i}`),
    filename: file,
  }));
  const structuredContent = {
    productType: p.type,
    variants,
    variantOptionOrdering: p.options,
    isSubscribable: Boolean(plan),
    useCustomAddButtonText: false,
    customAddButtonText: '',
    fulfilledExternally: false,
  };
  if (p.type === 2) {
    // Digital products carry their price on the product (spec jsont.md 14.2).
    structuredContent.priceMoney = variants[0].priceMoney;
    structuredContent.salePriceMoney = variants[0].salePriceMoney;
    structuredContent.onSale = false;
  }
  if (plan) {
    structuredContent.subscriptionPlan = plan;
    structuredContent.productSubscriptionOptions = [
      { id: subscriptionOptionId, subscriptionPlan: plan, pricingOptions: variants[0].pricingOptions },
    ];
  }
  if (p.fieldsForm) {
    structuredContent.additionalFieldsFormId = p.fieldsForm;
    structuredContent.additionalFieldsForm = FIELDS_FORMS[p.fieldsForm];
  }
  if (p.type === 4) {
    structuredContent.useCustomAddButtonText = true;
    structuredContent.customAddButtonText = 'Buy Gift Card';
  }
  const item = {
    id,
    collectionId: SHOP_ID,
    recordType: 11,
    recordTypeLabel: 'store-item',
    urlId: p.urlId,
    title: p.title,
    body: p.body,
    excerpt: `<p>${p.excerpt}</p>`,
    assetUrl: images[0].assetUrl,
    mainImageId: images[0].id,
    systemDataId: images[0].systemDataId,
    originalSize: images[0].originalSize,
    mediaFocalPoint: { x: 0.5, y: 0.5 },
    items: images,
    tags: p.tags,
    categories: p.categories,
    starred: p.starred,
    displayIndex: index,
    addedOn: at(p.addedOn),
    updatedOn: at(p.addedOn),
    publishOn: at(p.addedOn),
    author: { id: oid('author:nell'), displayName: 'Nell Okafor' },
    structuredContent,
  };
  const merchandising = {};
  if (p.scarcity) {
    Object.assign(merchandising, {
      scarcityEnabled: true,
      scarcityText: 'Only {qtyInStock} left!',
      scarcityShownByDefault: true,
      scarcityTemplateViews: [{ qtyInStock: variants[0].qtyInStock }],
    });
  }
  if (p.restockVariants) {
    Object.assign(merchandising, {
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: false,
      restockNotificationMessages: RESTOCK_MESSAGES,
      restockNotificationViews: p.restockVariants.map((i) => ({
        variantId: variants[i].id,
        attributes: variants[i].attributes,
        hiddenByDefault: !p.restockShown,
      })),
    });
  }
  if (Object.keys(merchandising).length > 0) item.merchandisingContext = merchandising;
  return item;
};

write('collections/shop.json', {
  id: SHOP_ID,
  websiteId: WEBSITE_ID,
  urlId: 'shop',
  title: 'Shop',
  navigationTitle: 'Shop',
  typeName: 'products',
  type: 13,
  ordering: 'user-orderable',
  pageSize: 50,
  description:
    '<p>Stoneware, linen, candles and a few things for the studio-minded. Made in small batches; when something sells out, the next run is usually a few weeks away.</p>',
  features: { productQuickView: { isEnabled: true }, relatedItems: { isEnabled: true } },
  categories: [...new Set(products.flatMap((p) => p.categories))].sort(),
  items: products.map(buildProduct),
});

// ------------------------------------------------------------------------------------------ journal

const NELL = {
  id: oid('author:nell'),
  displayName: 'Nell Okafor',
  firstName: 'Nell',
  lastName: 'Okafor',
  bio: 'Potter and co-founder of Juniper Row.',
  avatarAssetUrl: '/media/avatar-nell.svg',
};
const THEO = {
  id: oid('author:theo'),
  displayName: 'Theo Marsh',
  firstName: 'Theo',
  lastName: 'Marsh',
  bio: 'Textiles, candles and the shop; co-founder of Juniper Row.',
  avatarAssetUrl: '/media/avatar-theo.svg',
};

const posts = [
  {
    urlId: 'notes-from-the-winter-firing',
    title: 'Notes from the winter firing',
    author: NELL,
    date: '2026-11-17',
    tags: ['studio', 'stoneware'],
    categories: ['Studio'],
    image: 'journal-kiln.svg',
    excerpt:
      'Forty hours, two hundred and twelve pots, one cracked shelf. What went into the last kiln load of the year.',
    body: `<p>The last big firing of the year is always the tensest. Everything we make for December goes into one kiln load: two hundred and twelve pieces this time, packed shelf by shelf over two long evenings.</p>
<p>We fire to cone 6 in an electric kiln, which is a slow, steady climb: about twelve hours up, and at least as long to cool before we can even crack the lid. The waiting is the hard part. Theo bakes; I pretend to clean the studio and mostly stand by the kiln listening to it tick.</p>
<h2>What came out</h2>
<p>Most of the new Moss glaze came out exactly as hoped: a deep green that breaks to brown on the rims. The Ink Blue ran a little on the tall mugs, so those are now seconds and will go to the studio sale. One shelf cracked clean through, but everything on it survived.</p>
<p>The mugs and serving pieces from this load are in the shop now. The bud vases need one more glaze firing and will be back in January.</p>`,
  },
  {
    urlId: 'how-we-wash-and-care-for-linen',
    title: 'How we wash (and don’t iron) our linen',
    author: THEO,
    date: '2026-10-21',
    tags: ['linen', 'care'],
    categories: ['Care Guides'],
    image: 'journal-linen.svg',
    excerpt:
      'Linen is easier than its reputation. A short guide to keeping shirts, towels and throws soft for years.',
    body: `<p>Linen has a reputation for being fussy. It is not. Everything we sell in linen has been stonewashed before it reaches you, which means it has already shrunk and softened as much as it is going to.</p>
<h2>Washing</h2>
<p>Cold or warm, gentle cycle, a small amount of mild detergent. Skip fabric softener: it coats the fibres and makes linen less absorbent, which matters most for tea towels.</p>
<h2>Drying</h2>
<p>Line dry if you can. Give each piece a firm shake before hanging, smooth the collar and cuffs with your hands, and most of the wrinkles go away on their own. If you do use a dryer, take things out while they are still slightly damp.</p>
<h2>Ironing</h2>
<p>We don’t. The soft rumple is the point. If you want a crisp collar, iron while damp on a medium setting.</p>`,
  },
  {
    urlId: 'a-visit-to-the-apiary',
    title: 'A visit to the apiary that makes our candles possible',
    author: THEO,
    date: '2026-09-15',
    tags: ['candles', 'beeswax', 'makers'],
    categories: ['Makers'],
    image: 'journal-apiary.svg',
    excerpt:
      'Every one of our candles starts at a hillside apiary in Columbia County. We spent a morning there in September.',
    body: `<p>Our beeswax comes from Ruth and Sam Albright, who keep about sixty hives on a hillside orchard twenty minutes from the studio. We buy their cappings wax, the thin layer the bees use to seal each honey cell, which is the cleanest and most fragrant wax there is.</p>
<p>We visited in mid-September, just after the last honey harvest. Sam showed us how they melt and strain the cappings through layers of cheesecloth, and how the colour changes through the season, from pale straw in spring to deep amber after the goldenrod flow.</p>
<p>That colour change is why no two batches of our pillar candles look quite alike, and why we never bleach or dye the wax. The candles in the shop now were poured from August wax and have a warm, honey-gold tone.</p>`,
  },
];

write('collections/journal.json', {
  id: JOURNAL_ID,
  websiteId: WEBSITE_ID,
  urlId: 'journal',
  title: 'Journal',
  navigationTitle: 'Journal',
  typeName: 'blog',
  type: 1,
  ordering: 'chronological',
  pageSize: 10,
  description:
    '<p>Notes from the studio: firings, makers we work with, and how to care for the things we make.</p>',
  items: posts.map((p, i) => ({
    id: oid(`post:${p.urlId}`),
    collectionId: JOURNAL_ID,
    recordType: 1,
    recordTypeLabel: 'text',
    urlId: p.urlId,
    title: p.title,
    body: p.body,
    excerpt: `<p>${p.excerpt}</p>`,
    assetUrl: `/media/${p.image}`,
    mainImageId: oid(`post-image:${p.urlId}`),
    systemDataId: oid(`post-image-data:${p.urlId}`),
    originalSize: '1600x1000',
    mediaFocalPoint: { x: 0.5, y: 0.5 },
    tags: p.tags,
    categories: p.categories,
    starred: i === 0,
    displayIndex: i,
    addedOn: at(p.date),
    updatedOn: at(p.date),
    publishOn: at(p.date),
    authorId: p.author.id,
    author: p.author,
    commentState: 1,
    publicCommentCount: 0,
  })),
});

// ------------------------------------------------------------------------------------------ pages

write('collections/home.json', {
  id: oid('collection:home'),
  websiteId: WEBSITE_ID,
  urlId: 'home',
  title: 'Home',
  navigationTitle: 'Home',
  typeName: 'home',
  type: 1,
  homepage: true,
  description: '<p>Small-batch stoneware, linen and beeswax, made slowly in Hudson, New York.</p>',
  items: [],
});

write('collections/about.json', {
  id: oid('collection:about'),
  websiteId: WEBSITE_ID,
  urlId: 'about',
  title: 'About',
  navigationTitle: 'About',
  typeName: 'page',
  type: 10,
  description: '<p>Who we are and how we work.</p>',
  mainContent: `<div class="page-content about">
  <section class="about-intro">
    <div class="about-intro__text">
      <p class="eyebrow">About the studio</p>
      <h1>Two people, one old feed store, and a kiln that never quite cools down.</h1>
      <p class="lede">Juniper Row is Nell Okafor and Theo Marsh. We started in 2019 with a second-hand wheel in a garage; today we make stoneware, sew linen and pour beeswax candles in a converted feed store at the top of Warren Street in Hudson, New York.</p>
    </div>
    <figure class="about-intro__image"><img src="/media/about-studio.svg" alt="The Juniper Row studio: shelves of pots, a wheel and a big window" width="1200" height="900"></figure>
  </section>
  <section class="about-values">
    <div class="value">
      <h2>Made in small runs</h2>
      <p>We make things in batches of a few dozen at most. When something sells out, it comes back when the next firing or the next bolt of linen is ready, usually a few weeks later.</p>
    </div>
    <div class="value">
      <h2>Close to home</h2>
      <p>Our clay comes from Pennsylvania, our wax from an apiary twenty minutes away, our walnut from a storm-felled tree near Kinderhook. Where we can, we buy from people we can visit.</p>
    </div>
    <div class="value">
      <h2>Built to be used</h2>
      <p>Everything we sell goes through our own kitchen first. If a mug handle is awkward or a towel leaves lint, it goes back to the drawing board.</p>
    </div>
  </section>
  <section class="about-visit">
    <h2>Visit the studio</h2>
    <p>The shop at 418 Warren Street is open Thursday to Sunday. Come and see the kiln, pick seconds from the shelf by the door, or book a Saturday workshop.</p>
    <p><a class="button" href="/shop/wheel-throwing-workshop">Book a workshop</a> <a class="button button--ghost" href="/contact">Get in touch</a></p>
  </section>
</div>`,
});

write('collections/contact.json', {
  id: oid('collection:contact'),
  websiteId: WEBSITE_ID,
  urlId: 'contact',
  title: 'Contact',
  navigationTitle: 'Contact',
  typeName: 'page',
  type: 7,
  template: 'contact',
  description: '<p>Questions about an order, wholesale or workshops.</p>',
});

// ------------------------------------------------------------------------------------------ forms

for (const form of Object.values(FIELDS_FORMS)) write(`forms/${form.id}.json`, form);

write('forms/contact.json', {
  id: 'contact',
  name: 'Contact Us',
  submitButtonText: 'Send Message',
  submissionMessage: {
    html: '<p>Thank you! We read every message and usually reply within two working days.</p>',
  },
  submissionHTML: '',
  successRedirect: '',
  disclaimerMessage: {
    html: '<p>We only use your email to answer you, and to send the newsletter if you ask for it.</p>',
  },
  captchaEnabled: false,
  theme: 'light',
  alignment: 'left',
  fields: [
    {
      id: 'name-contact',
      type: 'name',
      title: 'Name',
      required: true,
      description: '',
      subFields: [
        { id: 'fname', title: 'First Name' },
        { id: 'lname', title: 'Last Name' },
      ],
    },
    {
      id: 'email-contact',
      type: 'email',
      title: 'Email',
      required: true,
      placeholder: 'you@example.com',
      description: '',
    },
    {
      id: 'select-subject',
      type: 'select',
      title: 'Subject',
      required: true,
      description: '',
      options: [
        'A question about my order',
        'Workshops and private classes',
        'Wholesale and stockists',
        'Press',
        'Something else',
      ],
    },
    {
      id: 'textarea-message',
      type: 'textarea',
      title: 'Message',
      required: true,
      description: '',
      maxLength: 2000,
    },
    {
      id: 'checkbox-newsletter',
      type: 'checkbox',
      title: 'Newsletter',
      required: false,
      description: '',
      options: ['Send me the studio newsletter (about once a month)'],
    },
  ],
});

console.log(`content written to ${contentDir}`);
