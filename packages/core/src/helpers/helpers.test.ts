/** Platform helpers through the engine, for behaviour the conformance cases do not pin (product spec rules). */
import { describe, expect, it } from 'vitest';
import { createEngine } from '@storefront/jsont';
import { platformPlugin } from '../index.ts';

const engine = createEngine({ plugins: [platformPlugin], enableExpressions: true, enableInclude: true });
const render = (template: string, json: unknown, locale = 'en-US') => {
  const { output, errors } = engine.render(template, json, { locale });
  expect(errors).toEqual([]);
  return output.trim();
};

const product = (productType: number, variants: object[], extra: object = {}) => ({
  id: 'p1',
  structuredContent: { productType, variantOptionOrdering: ['Size'], variants, ...extra },
});

describe('comment helpers follow the product spec', () => {
  it('reads No Comment, 1 Comment, N Comments', () => {
    const t = '{.repeated section items}{@|comment-count};{.end}';
    const items = [{ publicCommentCount: 0 }, { publicCommentCount: 1 }, { publicCommentCount: 7 }];
    expect(render(t, { items })).toBe('No Comment;1 Comment;7 Comments;');
  });

  it('uses the same words in the comment link', () => {
    const out = render('{item|comment-link}', {
      item: { id: 'i1', fullUrl: '/blog/a', publicCommentCount: 0 },
    });
    expect(out).toBe(
      '<a href="/blog/a#comments-i1" class="sqs-comment-link" data-id="i1">\n  No\n  Comment\n  </a>',
    );
  });

  it('shows comments when enabled and the item allows them', () => {
    const t = '{.section item}{.comments?}yes{.or}no{.end}{.end}';
    expect(render(t, { item: { commentState: 1 }, websiteSettings: { commentsEnabled: true } })).toBe('yes');
    expect(render(t, { item: { commentState: 1 }, websiteSettings: { commentsEnabled: false } })).toBe('no');
    expect(render(t, { item: { commentState: 2, publicCommentCount: 3 } })).toBe('yes');
  });
});

describe('image alt text', () => {
  it('cuts the body fallback at 1000 characters (spec section 9)', () => {
    const body = `<p>${'a'.repeat(1200)}</p>`;
    const out = render('{@|image-meta}', { assetUrl: 'http://x/y.png', body });
    expect(out).toContain(`alt="${' ' + 'a'.repeat(999)}"`);
  });

  it('uses the image block altText, trimmed', () => {
    const out = render('{item|image-meta}', { blockType: 5, item: { altText: '  A & B ', title: 'T' } });
    expect(out).toContain('alt="A &amp; B"');
  });
});

describe('cart helpers', () => {
  it('caps the cart quantity badge at 100+', () => {
    expect(render('{@|cart-quantity}', { entries: [{ quantity: 60 }, { quantity: 41 }] })).toBe(
      '<span class="sqs-cart-quantity">100+</span>',
    );
    expect(render('{@|cart-quantity}', { entries: [{ quantity: 60 }, { quantity: 40 }] })).toBe(
      '<span class="sqs-cart-quantity">100</span>',
    );
  });

  it('formats the cart subtotal and links to /cart', () => {
    expect(render('{@|cart-subtotal}', { subtotalCents: 123456789 })).toBe(
      '<span class="sqs-cart-subtotal"><span class="sqs-money-native">1,234,567.89</span></span>',
    );
    expect(render('{@|cart-url}', {})).toBe('/cart');
  });
});

describe('product helpers', () => {
  it('marks a product sold out with the custom text, escaped, and sold out wins over sale', () => {
    const item = product(1, [{ qtyInStock: 0, onSale: true }]);
    const json = { item, productMerchandisingContext: { p1: { customSoldOutText: 'Gone <soon>' } } };
    expect(render('{item|product-status}', json)).toBe(
      '<div class="product-mark sold-out">Gone &lt;soon&gt;</div>',
    );
  });

  it('never marks a digital product sold out; shows its sale', () => {
    const item = { id: 'd', structuredContent: { productType: 2, onSale: true } };
    expect(render('{item|product-status}', { item })).toBe('<div class="product-mark sale">sale</div>');
    expect(render('{.section item}{.sold-out?}x{.or}in stock{.end}{.end}', { item })).toBe('in stock');
  });

  it('hides the quantity input for services when the store says so', () => {
    const item = product(3, [{ unlimited: true }]);
    expect(render('{item|quantity-input}', { item })).toContain('product-quantity-input');
    const off = { item, websiteSettings: { storeSettings: { multipleQuantityAllowedForServices: false } } };
    expect(render('{item|quantity-input}', off)).toBe('');
  });

  it('labels the add-to-cart button from the site strings', () => {
    const item = product(1, [{ qtyInStock: 3 }]);
    const out = render('{item|add-to-cart-btn}', {
      item,
      localizedStrings: { productAddToCartText: 'In den "Korb"' },
    });
    expect(out).toContain('data-original-label="In den &quot;Korb&quot;"');
    expect(out).toContain('<div class="sqs-add-to-cart-button-inner">In den &quot;Korb&quot;</div>');
  });

  it('writes gift card option texts', () => {
    const item = {
      id: 'g',
      structuredContent: {
        productType: 4,
        variantOptionOrdering: ['Value'],
        variants: [{ attributes: { Value: '$25' } }, { attributes: { Value: '$50' } }],
      },
    };
    const out = render('{item|variants-select}', { item });
    expect(out).toContain('<div class="variant-option-title">Value: </div>');
    expect(out).toContain('<select aria-label="Select Value" data-variant-option-name="Value">');
  });

  it('formats scarcity messages with plurals', () => {
    const json = {
      item: { id: 'p1' },
      productMerchandisingContext: {
        p1: {
          scarcityEnabled: true,
          scarcityText: '{qtyInStock, plural, one {Last one!} other {Only # left}}',
          scarcityTemplateViews: [{ qtyInStock: 1 }, { qtyInStock: 4 }],
        },
      },
    };
    const out = render('{item|product-scarcity}', json);
    expect(out).toContain('Last one!');
    expect(out).toContain('Only 4 left');
  });

  it('prints a subscription price with the plan terms', () => {
    const item = product(1, [{ price: 1000, priceMoney: { value: '10.00', currency: 'USD' } }], {
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 },
    });
    expect(render('{item|product-price}', { item })).toBe(
      '<div class="product-price">\n<span class="sqs-money-native">10.00</span> every month for 1 year\n</div>',
    );
  });

  it('formats prices in the locale when CLDR money is on', () => {
    const item = product(1, [{ priceMoney: { value: '1234.5', currency: 'JPY' } }]);
    const json = { item, featureFlags: { useCLDRMoneyFormat: true } };
    expect(render('{item|product-price}', json, 'en-US')).toBe('<div class="product-price">\n¥1,235\n</div>');
  });

  it('formats bookkeeper money in the currency of the locale', () => {
    expect(render('{@|bookkeeper-money-format}', 123456, 'de-DE')).toBe('1.234,56\u00a0€');
    expect(render('{@|bookkeeper-money-format}', 123456, 'en-US')).toBe('$1,234.56');
  });
});

describe('follow button', () => {
  it('is a plain link to the profile with no script, the name escaped', () => {
    const html = render('{@|twitter-follow-button}', { userName: 'a"b<c>' });
    expect(html).not.toContain('<script');
    expect(html).toBe(
      '<div class="squarespace-follow-button" data-username="a&quot;b&lt;c&gt;">' +
        '<a href="https://twitter.com/a%22b%3Cc%3E" rel="noopener">Follow @a"b&lt;c&gt;</a></div>',
    );
  });

  it('says Follow in the site language', () => {
    const html = render('{@|twitter-follow-button}', {
      userName: 'studio',
      localizedStrings: { followButtonText: 'Folgen: @{name}' },
    });
    expect(html).toContain('>Folgen: @studio</a>');
  });
});

describe('a product in the README format (priceMoney only, no variantOptionOrdering)', () => {
  const readmeProduct = {
    id: 'mug',
    structuredContent: {
      productType: 1,
      variants: [
        {
          id: 'mug-large',
          sku: 'MUG-L',
          priceMoney: { currency: 'USD', value: '62.00' },
          qtyInStock: 4,
          attributes: { Size: 'Large' },
          optionValues: [{ optionName: 'Size', value: 'Large' }],
        },
        {
          id: 'mug-small',
          sku: 'MUG-S',
          priceMoney: { currency: 'USD', value: '44.00' },
          qtyInStock: 4,
          attributes: { Size: 'Small' },
          optionValues: [{ optionName: 'Size', value: 'Small' }],
        },
      ],
    },
  };

  it('shows the "from" price of its cheapest variant', () => {
    expect(render('{@|product-price}', readmeProduct)).toContain(
      'from <span class="sqs-money-native">44.00</span>',
    );
  });

  it('shows a picker with the values of its variants', () => {
    const out = render('{@|variants-select}', readmeProduct);
    expect(out).toContain('<select aria-label="Select Size" data-variant-option-name="Size">');
    expect(out).toContain('<option value="Large">Large</option><option value="Small">Small</option>');
  });
});

describe("the site's own photos are offered at the image service's widths", () => {
  const photo = { assetUrl: '/media/harbour.jpg', originalSize: '4000x3000' };

  it('writes a srcset from the widths below the original, and the original at its width', () => {
    expect(render('<img src="{assetUrl}"{@|image-srcset}>', photo)).toBe(
      '<img src="/media/harbour.jpg" srcset="/media/harbour.jpg?format=100w 100w, /media/harbour.jpg?format=300w 300w, ' +
        '/media/harbour.jpg?format=500w 500w, /media/harbour.jpg?format=750w 750w, /media/harbour.jpg?format=1000w 1000w, ' +
        '/media/harbour.jpg?format=1500w 1500w, /media/harbour.jpg?format=2500w 2500w, /media/harbour.jpg?format=original 4000w">',
    );
  });

  it('offers every width when the size of the original is not known', () => {
    expect(render('{@|image-srcset}', { assetUrl: '/media/harbour.webp' })).toContain(
      '/media/harbour.webp?format=2500w 2500w"',
    );
  });

  it('leaves drawings and other hosts as they are', () => {
    expect(render('<img src="{assetUrl}"{@|image-srcset}>', { assetUrl: '/media/logo.svg' })).toBe(
      '<img src="/media/logo.svg">',
    );
    expect(render('{@|image-srcset}', { assetUrl: 'https://example.com/a.jpg' })).toBe('');
  });

  it("sizes the image helper's no-script image too", () => {
    expect(render('{@|image}', photo)).toContain(
      '<noscript><img src="/media/harbour.jpg" srcset="/media/harbour.jpg?format=100w 100w,',
    );
    expect(render('{@|image}', photo)).toContain('sizes="100vw" alt=""');
  });
});
