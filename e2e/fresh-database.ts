/**
 * `create <adminUrl>` makes a fresh PostgreSQL database for one browser-test run and prints its URL;
 * `drop <url> <adminUrl>` removes it (global-teardown.ts). A separate script because the Playwright config
 * loads synchronously.
 */
import pg from 'pg';
import { createPostgresDatabase } from '../packages/server/src/testing/databases.ts';

const [command, url, adminUrl] = process.argv.slice(2);
if (!url) throw new Error('usage: fresh-database.ts create <adminUrl> | drop <url> <adminUrl>');
if (command === 'create') {
  const created = await createPostgresDatabase(url, 'storefront_e2e');
  process.stdout.write(`${created.url}\n`);
} else if (command === 'drop') {
  const name = new URL(url).pathname.slice(1);
  if (!/^storefront_e2e_[0-9a-f]+$/.test(name)) throw new Error(`Not a browser-test database: ${name}`);
  const client = new pg.Client({ connectionString: adminUrl ?? url });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
} else throw new Error(`Unknown command: ${command}`);
