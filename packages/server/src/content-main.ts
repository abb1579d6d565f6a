/** The entry of `npm run content` (modules/content/content-command.ts): the server's configuration, its database, the command. */
import { loadConfig } from './config.ts';
import { openDatabase } from './database.ts';
import { runContent } from './modules/content/index.ts';

const config = loadConfig();
const database = await openDatabase(config, { waitMs: config.databaseStartupTimeoutMs ?? 0 });
try {
  process.exitCode = await runContent(database.db, process.argv.slice(2), (line) => console.log(line), {
    siteDir: config.siteDir,
  });
} finally {
  await database.destroy();
}
