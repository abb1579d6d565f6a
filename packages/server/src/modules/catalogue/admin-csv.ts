/**
 * Product CSV in and out (issue 30; docs/backoffice.md, "Product CSV"), for staff holding
 * `catalogue.edit`:
 * - `POST /products/import?format=squarespace|shopify&dryRun=1`, the CSV as the body (`text/csv`),
 *   read as it arrives: 422 `csv-invalid` with every problem, and nothing imported, when any row is
 *   wrong; else the result. With `Accept: application/x-ndjson` the answer streams a line of progress
 *   per batch written, then the result (ProductImportLine).
 * - `GET /products/export?format=squarespace|shopify`: every product, its variants as its rows, read
 *   500 products a query by keyset and streamed.
 */
import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { message } from '@storefront/core';
import type {
  ProductCsvFormat,
  ProductCsvProblems,
  ProductImportLine,
  ProductImportResult,
} from '@storefront/core/wire';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.ts';
import { EXPORT_BATCH, guardedCell, sendCsv } from '../../platform/http/csv.ts';
import { requirePermission } from '../../platform/http/guards.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import type { SiteContext } from '../../platform/site/context.ts';
import type { ItemContent, VariantContent } from '../../platform/site/types.ts';
import { storeCurrency } from './content-sync.ts';
import { importProducts, type ImportContext, type ImportOutcome } from './product-csv-import.ts';
import { COLUMNS, productRows, unitsOf, type ExportedProduct, type WriteOptions } from './product-csv.ts';
import { productsAfter, variantsOfItems, type ExportItemRow } from './product-import-store.ts';

export interface ProductCsvOptions {
  /** The largest file accepted, in bytes (1,000,000 bytes a MB). */
  maxImportBytes?: number;
}

const DEFAULT_MAX_IMPORT_BYTES = 200_000_000;

const format = z.enum(['squarespace', 'shopify']);
const importQuery = z.object({ format, dryRun: z.enum(['0', '1', 'true', 'false']).optional() }).strict();
const exportQuery = z.object({ format }).strict();

class TooLarge extends Error {}

/**
 * The request body handed over unread. The stream sits in a private field: the input guard
 * (http/input-guard.ts) walks a body's own fields, and a socket's are no input to check.
 */
class UnreadBody {
  readonly #stream: AsyncIterable<Buffer>;
  constructor(stream: AsyncIterable<Buffer>) {
    this.#stream = stream;
  }
  get stream(): AsyncIterable<Buffer> {
    return this.#stream;
  }
}

export async function productCsvRoutes(
  app: FastifyInstance,
  CONFIG_API: string,
  { maxImportBytes = DEFAULT_MAX_IMPORT_BYTES }: ProductCsvOptions = {},
): Promise<void> {
  // The body is handed over unread: the import reads it record by record as it arrives.
  await app.register(async (child) => {
    child.addContentTypeParser(['text/csv', 'application/csv'], (_request, payload, done) =>
      done(null, new UnreadBody(payload)),
    );
    const routes = child.withTypeProvider<ZodTypeProvider>();
    const { db } = routes.database;
    const edit = { preValidation: requirePermission('catalogue.edit') };

    routes.post(
      `${CONFIG_API}/products/import`,
      { ...edit, config: { crumb: true }, schema: { querystring: importQuery } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (!(request.body instanceof UnreadBody))
          return reply.code(415).send({ code: 'csv-content-type', message: message('csv.content-type') });
        const dryRun = request.query.dryRun === '1' || request.query.dryRun === 'true';
        const streamed = (request.headers.accept ?? '').includes('application/x-ndjson');
        const progress = new PassThrough();
        // A client gone mid-import ends the answer, not the import (it commits or rolls back whole).
        progress.on('error', () => {});
        const line = (entry: ProductImportLine) => {
          if (!progress.destroyed && !progress.writableEnded) progress.write(`${JSON.stringify(entry)}\n`);
        };
        let writing: () => void = () => {};
        const startsWriting = new Promise<'writing'>((resolve) => (writing = () => resolve('writing')));
        const outcome = importProducts(
          db,
          limited(request.body.stream, maxImportBytes),
          request.query.format,
          importContext(request.site),
          {
            dryRun,
            onWritten: (written, total) => {
              writing();
              if (streamed) line({ progress: { written, total } });
            },
          },
        ).catch((error: unknown) => error);
        const first = streamed ? await Promise.race([startsWriting, outcome]) : await outcome;
        if (first === 'writing') {
          // Checked and writing: from here the answer is 200, and its last line says how it ended.
          void outcome.then((done) => {
            if (done instanceof Error && isUniqueViolation(done))
              line({ error: { code: 'csv-conflict', message: message('csv.conflict') } });
            else if (done instanceof Error) {
              request.log.error(done, 'product import failed');
              line({ error: { code: 'import-failed', message: message('csv.import-failed') } });
            } else if ((done as ImportOutcome).ok)
              line({ result: (done as { result: ProductImportResult }).result });
            if (!progress.destroyed) progress.end();
          });
          return reply.type('application/x-ndjson').send(progress);
        }
        if (first instanceof TooLarge)
          return reply.code(413).send({
            code: 'csv-too-large',
            message: message('csv.too-large', { maxSize: `${maxImportBytes / 1_000_000} MB` }),
          });
        if (first instanceof Error && isUniqueViolation(first))
          return reply.code(409).send({ code: 'csv-conflict', message: message('csv.conflict') });
        if (first instanceof Error) throw first;
        const done = first as ImportOutcome;
        if (!done.ok) {
          const answer: ProductCsvProblems = {
            code: 'csv-invalid',
            message: message('csv.problems', { count: done.problems.length }),
            problems: done.problems,
          };
          return reply.code(422).send(answer);
        }
        if (streamed)
          return reply.type('application/x-ndjson').send(`${JSON.stringify({ result: done.result })}\n`);
        return done.result;
      },
    );

    routes.get(
      `${CONFIG_API}/products/export`,
      { ...edit, schema: { querystring: exportQuery } },
      async (request, reply) =>
        sendCsv(
          reply,
          `products-${request.query.format}.csv`,
          exportCsv(db, request.query.format, { ...importContext(request.site) }),
        ),
    );
  });
}

function importContext(site: SiteContext): ImportContext & WriteOptions {
  const { content } = site.template;
  const settings = content.websiteSettings.storeSettings as { measurementStandard?: unknown } | undefined;
  return {
    currency: storeCurrency(content),
    units: unitsOf(settings?.measurementStandard),
    origin: site.origin,
  };
}

/**
 * A URL another write took between the import's checks and its write (two imports at once): the
 * transaction rolled back whole, and the file can simply be sent again.
 */
const isUniqueViolation = (error: Error) => {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/** The body, refused once it passes `max` bytes. */
async function* limited(body: AsyncIterable<Buffer>, max: number): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of body) {
    bytes += chunk.length;
    if (bytes > max) throw new TooLarge();
    yield chunk;
  }
}

/** The catalogue's products as the format's rows, a batch of products at a time. */
export async function* exportCsv(
  db: Db,
  format: ProductCsvFormat,
  options: WriteOptions,
): AsyncGenerator<string> {
  yield stringify([COLUMNS[format]], { record_delimiter: 'windows' });
  let after: ExportItemRow | undefined;
  for (;;) {
    const items = await productsAfter(db, after, EXPORT_BATCH);
    if (items.length === 0) return;
    const variants = await variantsOfItems(
      db,
      items.map((i) => i.id),
      EXPORT_BATCH,
    );
    const byItem = new Map<string, typeof variants>();
    for (const v of variants) byItem.set(v.item_id, [...(byItem.get(v.item_id) ?? []), v]);
    const rows: string[][] = [];
    for (const row of items) {
      const product: ExportedProduct = {
        item: JSON.parse(row.data) as ItemContent,
        storePage: row.storePage,
        variants: (byItem.get(row.id) ?? []).map((v) => ({
          id: v.id,
          sku: v.sku,
          priceMinor: Number(v.price_cents),
          salePriceMinor: Number(v.sale_price_cents),
          onSale: Number(v.on_sale) === 1,
          unlimited: Number(v.unlimited) === 1,
          qtyInStock: Number(v.qty_in_stock),
          json: JSON.parse(v.data) as VariantContent,
        })),
      };
      rows.push(...productRows(format, product, options));
    }
    // Staff open this file in spreadsheets too: no cell may run as a formula there (the import
    // takes the guard off again, so the round trip stays lossless).
    yield stringify(
      rows.map((row) => row.map(guardedCell)),
      { record_delimiter: 'windows' },
    );
    after = items[items.length - 1];
    if (items.length < EXPORT_BATCH) return;
    await nextTurn();
  }
}
