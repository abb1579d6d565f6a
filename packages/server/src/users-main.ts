/** The entry of `npm run users` (modules/accounts/users.ts): the server's configuration, its database, the command. */
import { loadConfig } from './config.ts';
import { openDatabase } from './database.ts';
import { runUsers } from './modules/accounts/index.ts';

const config = loadConfig();
const database = await openDatabase(config, { waitMs: config.databaseStartupTimeoutMs ?? 0 });
try {
  process.exitCode = await runUsers(
    database.db,
    process.argv.slice(2),
    (line) => console.log(line),
    process.env,
  );
} finally {
  await database.destroy();
}
