/**
 * The architecture's rules fire: the repository's own lint config (eslint.config.js, eslint-rules/,
 * .dependency-cruiser.mjs), copied beside a small tree laid out like the server, lints probe files
 * placed where a mistake would sit. The tree is made up (its own modules), so these tests hold while
 * the real tree changes, and they show that the rules read the folders rather than a list.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import type { ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './testing/repo-root.ts';

const SERVER = 'packages/server/src';

/** A shop in miniature that keeps every rule: the clean example. */
const CLEAN_TREE: Record<string, string> = {
  'packages/jsont/src/index.ts': `export const render = (template: string): string => template;\n`,
  'packages/core/src/money.ts': `export const format = (cents: number): string => String(cents);\n`,
  'packages/web/src/cart.ts': `export const mount = (): number => 1;\n`,
  [`${SERVER}/platform/http/errors.ts`]: `export class HttpError extends Error {}\n`,
  [`${SERVER}/platform/http/idempotency-tables.ts`]: `export interface IdempotencyTables {\n  idempotency_keys: { key: string };\n}\n`,
  [`${SERVER}/platform/http/idempotency.ts`]: [
    `import type { Kysely } from 'kysely';`,
    `import type { IdempotencyTables } from './idempotency-tables.ts';`,
    `export const keyOf = (db: Kysely<IdempotencyTables>, key: string) =>`,
    `  db.selectFrom('idempotency_keys').where('key', '=', key).selectAll().executeTakeFirst();`,
    ``,
  ].join('\n'),
  [`${SERVER}/modules/cart/tables.ts`]: `export interface CartTables {\n  carts: { id: string; is_purchased: number };\n  cart_entries: { id: string; cart_id: string };\n}\n`,
  [`${SERVER}/modules/cart/store.ts`]: [
    `import type { Transaction } from 'kysely';`,
    `import { sql } from 'kysely';`,
    `import { HttpError } from '../../platform/http/errors.ts';`,
    `import type { CartTables } from './tables.ts';`,
    `export async function markPurchased(trx: Transaction<CartTables>, id: string): Promise<void> {`,
    `  const done = await trx.updateTable('carts').set({ is_purchased: 1 }).where('id', '=', id).executeTakeFirst();`,
    `  if (!done) throw new HttpError();`,
    `  await sql\`delete from cart_entries where cart_id = \${id}\`.execute(trx);`,
    `}`,
    ``,
  ].join('\n'),
  [`${SERVER}/modules/cart/index.ts`]: `export { markPurchased } from './store.ts';\nexport interface Cart {\n  id: string;\n}\n`,
  [`${SERVER}/modules/orders/tables.ts`]: `export interface OrderTables {\n  orders: { id: string; cart_id: string };\n}\n`,
  [`${SERVER}/modules/orders/store/insert.ts`]: [
    `import type { Transaction } from 'kysely';`,
    `import type { OrderTables } from '../tables.ts';`,
    `export const insertOrder = (trx: Transaction<OrderTables>, id: string, cartId: string) =>`,
    `  trx.insertInto('orders').values({ id, cart_id: cartId }).execute();`,
    ``,
  ].join('\n'),
  [`${SERVER}/modules/orders/index.ts`]: [
    `import type { Transaction } from 'kysely';`,
    `import { markPurchased, type Cart } from '../cart/index.ts';`,
    `import { insertOrder } from './store/insert.ts';`,
    `export async function placeOrder(trx: Transaction<never>, id: string, cart: Cart): Promise<void> {`,
    `  await markPurchased(trx, cart.id);`,
    `  await insertOrder(trx, id, cart.id);`,
    `}`,
    ``,
  ].join('\n'),
  [`${SERVER}/modules/orders/migrations/001-orders.ts`]: `import type { Kysely } from 'kysely';\nexport const up = (db: Kysely<never>) => db.insertInto('carts').values({}).execute();\n`,
  [`${SERVER}/modules/orders/orders.test.ts`]: `import { markPurchased } from '../cart/store.ts';\nimport type { Kysely } from 'kysely';\nexport const carts = (db: Kysely<never>) => [markPurchased, db.selectFrom('carts')];\n`,
  [`${SERVER}/storefront/cart-page.ts`]: `import { placeOrder } from '../modules/orders/index.ts';\nexport const place = placeOrder;\n`,
  [`${SERVER}/testing/shop.ts`]: `import { markPurchased } from '../modules/cart/store.ts';\nexport const buy = markPurchased;\n`,
  [`${SERVER}/database.ts`]: `import type { CartTables } from './modules/cart/tables.ts';\nexport type Database = CartTables;\n`,
  [`${SERVER}/app.ts`]: `import { placeOrder } from './modules/orders/index.ts';\nexport const app = { placeOrder };\n`,
};

let root: string;
let eslint: ESLint;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'architecture-'));
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  for (const file of ['eslint.config.js', '.dependency-cruiser.mjs']) {
    cpSync(path.join(repoRoot, file), path.join(root, file));
  }
  cpSync(path.join(repoRoot, 'eslint-rules'), path.join(root, 'eslint-rules'), { recursive: true });
  for (const [file, text] of Object.entries(CLEAN_TREE)) write(file, text);
  eslint = new ESLint({ cwd: root });
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** The problems ESLint finds in `text` as if it were `file`, as `rule: message`. */
async function lint(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((problem) => `${problem.ruleId ?? 'parse'}: ${problem.message}`);
}

async function cycles(): Promise<ICruiseResult['summary']['violations']> {
  const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.mjs'));
  const { output } = await cruise(['packages'], { ...options, baseDir: root });
  if (typeof output === 'string') throw new Error('dependency-cruiser answered text, not a result');
  return output.summary.violations;
}

const RESTRICTED = 'import-x/no-restricted-paths';

describe('the architecture rules', () => {
  it('pass a tree that keeps them: modules meet through index.ts, stores query their own tables, no cycle', async () => {
    const results = await eslint.lintFiles(['packages']);
    const problems = results.flatMap((result) =>
      result.messages.map(
        (problem) => `${path.relative(root, result.filePath)}: ${problem.ruleId}: ${problem.message}`,
      ),
    );
    expect(results.length).toBe(Object.keys(CLEAN_TREE).length);
    expect(problems).toEqual([]);
    expect(await cycles()).toEqual([]);
  });

  it("fail a module importing another module's store", async () => {
    const problems = await lint(
      `${SERVER}/modules/orders/refund.ts`,
      `import { markPurchased } from '../cart/store.ts';\nexport const undo = markPurchased;\n`,
    );
    expect(problems).toEqual([
      `${RESTRICTED}: Unexpected path "../cart/store.ts" imported in restricted zone. A module uses another only through its index.ts (modules/orders -> modules/cart): export what you need from modules/cart/index.ts.`,
    ]);
  });

  it("fail a module importing another module's tables, even for a type", async () => {
    const problems = await lint(
      `${SERVER}/modules/orders/report.ts`,
      `import type { CartTables } from '../cart/tables.ts';\nexport type Report = CartTables;\n`,
    );
    expect(problems).toEqual([
      `${RESTRICTED}: Unexpected path "../cart/tables.ts" imported in restricted zone. A module uses another only through its index.ts (modules/orders -> modules/cart): export what you need from modules/cart/index.ts.`,
    ]);
  });

  it('fail a platform file importing a module, even through its index.ts and for a type', async () => {
    const problems = await lint(
      `${SERVER}/platform/http/guards.ts`,
      `import type { Cart } from '../../modules/cart/index.ts';\nexport type Guarded = Cart;\n`,
    );
    expect(problems).toEqual([
      `${RESTRICTED}: Unexpected path "../../modules/cart/index.ts" imported in restricted zone. The platform imports no module, storefront, back office, app.ts or database.ts: take what it needs as a parameter.`,
    ]);
  });

  it('fail a module importing the storefront or the aggregate database.ts', async () => {
    const problems = await lint(
      `${SERVER}/modules/cart/pages.ts`,
      `import { place } from '../../storefront/cart-page.ts';\nimport type { Database } from '../../database.ts';\nexport const pages = (db: Database) => [db, place];\n`,
    );
    const message =
      'Unexpected path "{path}" imported in restricted zone. A module imports no storefront, back office, app.ts or database.ts: its own tables.ts types its store.';
    expect(problems).toEqual([
      `${RESTRICTED}: ${message.replace('{path}', '../../storefront/cart-page.ts')}`,
      `${RESTRICTED}: ${message.replace('{path}', '../../database.ts')}`,
    ]);
  });

  it("fail a storefront file or app.ts deep-importing a module's inner file", async () => {
    const message =
      'Unexpected path "{path}" imported in restricted zone. storefront/, backoffice/ and app.ts use a module only through its index.ts: export what you need from modules/cart/index.ts.';
    expect(
      await lint(
        `${SERVER}/storefront/basket.ts`,
        `import { markPurchased } from '../modules/cart/store.ts';\nexport const basket = markPurchased;\n`,
      ),
    ).toEqual([`${RESTRICTED}: ${message.replace('{path}', '../modules/cart/store.ts')}`]);
    expect(
      await lint(
        `${SERVER}/app.ts`,
        `import { markPurchased } from './modules/cart/store.ts';\nexport const app = markPurchased;\n`,
      ),
    ).toEqual([`${RESTRICTED}: ${message.replace('{path}', './modules/cart/store.ts')}`]);
  });

  it('cover a module added after the config was written', async () => {
    write(`${SERVER}/modules/loyalty/store.ts`, `export const balance = (): number => 0;\n`);
    // Within one process ESLint keeps a config until its file changes; each `npx eslint` is a new process.
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'eslint.config.js'), later, later);
    const fresh = new ESLint({ cwd: root });
    const [result] = await fresh.lintText(
      `import { balance } from '../loyalty/store.ts';\nexport const b = balance;\n`,
      {
        filePath: path.join(root, SERVER, 'modules/cart/pay.ts'),
      },
    );
    rmSync(path.join(root, SERVER, 'modules/loyalty'), { recursive: true });
    expect(result?.messages.map((problem) => problem.message)).toEqual([
      'Unexpected path "../loyalty/store.ts" imported in restricted zone. A module uses another only through its index.ts (modules/cart -> modules/loyalty): export what you need from modules/loyalty/index.ts.',
    ]);
  });

  it("fail a table written outside its module's store: a query, raw SQL, or another module's store", async () => {
    const carts =
      "architecture/table-owner: Table 'carts' belongs to modules/cart: only the store of modules/cart (store.ts, store/, *-store.ts) may query it. Elsewhere, call the API in modules/cart/index.ts.";
    expect(
      await lint(
        `${SERVER}/modules/orders/place.ts`,
        `import type { Kysely } from 'kysely';\nexport const close = (db: Kysely<never>) => db.updateTable('carts as c').set({}).execute();\n`,
      ),
    ).toEqual([carts]);
    expect(
      await lint(
        `${SERVER}/modules/orders/store.ts`,
        `import { sql, type Kysely } from 'kysely';\nexport const close = (db: Kysely<never>) => sql\`UPDATE carts SET is_purchased = 1\`.execute(db);\n`,
      ),
    ).toEqual([carts]);
    expect(
      await lint(
        `${SERVER}/backoffice/orders.ts`,
        `import type { Kysely } from 'kysely';\nexport const list = (db: Kysely<never>) => db.selectFrom('orders').innerJoin('carts', 'carts.id', 'orders.cart_id').selectAll().execute();\n`,
      ),
    ).toEqual([
      carts,
      "architecture/table-owner: Table 'orders' belongs to modules/orders: only the store of modules/orders (store.ts, store/, *-store.ts) may query it. Elsewhere, call the API in modules/orders/index.ts.",
    ]);
  });

  it('fail a platform table queried outside the files named for it', async () => {
    expect(
      await lint(
        `${SERVER}/platform/http/session.ts`,
        `import type { Kysely } from 'kysely';\nexport const clear = (db: Kysely<never>) => db.deleteFrom('idempotency_keys').execute();\n`,
      ),
    ).toEqual([
      "architecture/table-owner: Table 'idempotency_keys' belongs to platform/http: only platform/http/idempotency-tables.ts, the files of platform/http named for it (idempotency*.ts) or its store may query it. Elsewhere, call the API in platform/http/index.ts.",
    ]);
  });

  it('fail core importing the server, and web importing the server or jsont', async () => {
    const wrongDirection = `${RESTRICTED}: Unexpected path "../../server/src/app.ts" imported in restricted zone. Wrong-direction import between packages: jsont <- core <- server, and core <- web.`;
    const foreignSource =
      "no-restricted-imports: '../../server/src/app.ts' import is restricted from being used by a pattern. Import another package by its name and public entry points, not by a path into its src/.";
    const fromServer = `import { app } from '../../server/src/app.ts';\nexport const a = app;\n`;
    expect(await lint('packages/core/src/rules.ts', fromServer)).toEqual([foreignSource, wrongDirection]);
    expect(await lint('packages/web/src/island.ts', fromServer)).toEqual([foreignSource, wrongDirection]);
    expect(
      await lint(
        'packages/web/src/money.ts',
        `import { render } from '../../jsont/src/index.ts';\nexport const r = render;\n`,
      ),
    ).toContain(
      `${RESTRICTED}: Unexpected path "../../jsont/src/index.ts" imported in restricted zone. Browser code imports only core (which brings what it needs of jsont): jsont <- core <- web.`,
    );
  });

  it('fail an import cycle made of type-only imports', async () => {
    write(
      `${SERVER}/modules/cart/index.ts`,
      `export { markPurchased } from './store.ts';\nimport type { placeOrder } from '../orders/index.ts';\nexport interface Cart {\n  id: string;\n  placedBy?: typeof placeOrder;\n}\n`,
    );
    const violations = await cycles();
    write(`${SERVER}/modules/cart/index.ts`, CLEAN_TREE[`${SERVER}/modules/cart/index.ts`] ?? '');
    expect(
      violations.map((violation) => [
        violation.rule.name,
        violation.from,
        violation.cycle?.map((step) => step.name),
      ]),
    ).toEqual([
      [
        'no-circular',
        `${SERVER}/modules/cart/index.ts`,
        [`${SERVER}/modules/orders/index.ts`, `${SERVER}/modules/cart/index.ts`],
      ],
    ]);
    const closingStep = violations[0]?.cycle?.[0];
    expect(closingStep?.name).toBe(`${SERVER}/modules/orders/index.ts`);
    expect(closingStep?.dependencyTypes).toContain('type-only');
  });
});
