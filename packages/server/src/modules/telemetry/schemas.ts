/**
 * Payload schemas of the telemetry calls (spec sections 3 and 7). Everything a browser sends is
 * parsed here; a payload that does not fit answers 400 and nothing is stored.
 */
import { COMMERCE_EVENT_NAMES, ERROR_REPORTER_LIMITS, PAGE_SPEED_METRICS } from '@storefront/core';
import { z } from 'zod';

const text = (max: number) => z.string().max(max);
const name = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w.:-]+$/, 'letters, digits, _ . : - only');
const json = <T extends z.ZodType>(schema: T) =>
  z.union([
    schema,
    z
      .string()
      .transform((s, ctx) => {
        try {
          return JSON.parse(s) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'not valid JSON' });
          return z.NEVER;
        }
      })
      .pipe(schema),
  ]);

/** A flat-ish JSON object of at most 50 keys (free-form event data). */
const freeObject = z
  .record(z.string().max(100), z.unknown())
  .refine((o) => Object.keys(o).length <= 50, 'at most 50 keys')
  .refine((o) => JSON.stringify(o).length <= 16_384, 'at most 16384 characters');

/** Spec section 3: the analytics payload of a page view (plus the page's type and permission). */
export const pageViewData = z
  .object({
    pagePath: text(2048).startsWith('/'),
    pageHash: text(2048).optional(),
    websiteId: text(100).optional(),
    templateId: text(100).optional(),
    variantId: text(100).optional(),
    memberAccountId: text(100).nullable().optional(),
    member_locale: text(35).optional(),
    website_locale: text(35).optional(),
    pageType: z.number().int().min(0).max(999).optional(),
    permissionType: z.number().int().min(0).max(99).optional(),
    referrer: text(2048).optional(),
    visit: z.enum(['new-visitor', 'new-session', 'same-session']).optional(),
    firstSession: z.boolean().optional(),
  })
  .passthrough();

export const recordHitBody = z.object({
  event: name,
  data: json(pageViewData),
  ss_cvr: text(300).optional(),
});

/** Button click and render, form render, overlay, quick view: a page path and what was involved. */
export const censusBody = z
  .object({
    pagePath: text(2048).startsWith('/').optional(),
    websiteId: text(100).optional(),
    pageType: z.number().int().min(0).max(999).optional(),
    target: text(500).optional(),
    label: text(500).optional(),
    ss_cvr: text(300).optional(),
  })
  .passthrough()
  .refine((o) => JSON.stringify(o).length <= 16_384, 'at most 16384 characters');

export const quickViewId = z.string().regex(/^[\w-]{1,64}$/);

/** Spec section 3: the commerce event fields, checked when an event carries a commerce name. */
const amount = z.string().regex(/^-?\d{1,13}\.\d{2}$/, 'an amount with two decimals');
export const commerceData = z.object({
  website_id: text(100),
  page_id: text(100),
  cart_id: text(100),
  item_id: text(100),
  item_type: text(40),
  item_title: text(500),
  item_price: amount,
  currency_code: z.string().regex(/^[A-Z]{3}$/),
  item_quantity: z.number().int().min(0).max(1_000_000),
  num_items_in_cart: z.number().int().min(0).max(1_000_000),
  cart_value: amount,
  product_types_list: z.array(text(40)).max(10),
  purchase_type_list: z.array(text(40)).max(10),
  item_variant_object: z.record(text(100), text(500)),
});

export const isCommerceEvent = (n: string): boolean =>
  (COMMERCE_EVENT_NAMES as readonly string[]).includes(n);

export const recordEventBody = z.object({
  event: name,
  data: json(freeObject),
  crumb: text(200).optional(),
});

export const clankerBody = z.object({
  eventSchemaName: name,
  eventContent: json(freeObject),
});

const ERR = ERROR_REPORTER_LIMITS;
export const errorEvent = z.object({
  event: name,
  timestamp: z.number().int().positive(),
  data: z.object({
    app: text(100),
    message: text(2000),
    stack: text(ERR.stackLimit),
    file: text(2048).optional().default(''),
    line: z.number().int().min(0).optional().default(0),
    column: z.number().int().min(0).optional().default(0),
    custom: freeObject.optional().default({}),
    websiteId: text(100).optional().default(''),
    templateId: text(100).optional().default(''),
    url: text(2048).optional().default(''),
    userAgent: text(1000).optional().default(''),
  }),
});
export const errorsBody = z.array(errorEvent).min(1).max(ERR.maxQueued);

const metricName = z.union([z.enum(PAGE_SPEED_METRICS), z.string().regex(/^rum-[\w.:-]{1,96}$/)]);
export const performanceRecord = z.object({
  app: text(100).min(1),
  event: name,
  pageLoadId: z.string().regex(/^[\w-]{8,64}$/),
  timestamp: z.number().int().positive(),
  data: z.object({
    context: z
      .object({
        pageType: z.number().int().min(0).max(999),
        websiteId: text(100),
        path: text(2048).optional(),
        /** Set from the session by the server (spec section 6), whatever the page sends. */
        memberId: text(100).nullable().optional(),
      })
      .passthrough()
      .refine((o) => JSON.stringify(o).length <= 4096, 'at most 4096 characters'),
    metrics: z
      .record(metricName, z.number().finite().min(0).max(3_600_000))
      .refine((m) => Object.keys(m).length <= 100, 'at most 100 metrics'),
  }),
});
export const performanceBody = z.array(performanceRecord).min(1).max(50);
