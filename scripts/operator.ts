/**
 * Grants or revokes the moderation-console role of an account, on the database the
 * server uses (DATABASE_URL, else SQLite under DATA_DIR; see docs/PROTOCOL.md):
 *
 *   npm run operator -- grant alice@example.com
 *   npm run operator -- revoke alice@example.com
 *
 * The change takes effect on the account's next request; no restart is needed.
 */
import { loadConfig, migrateToLatest, openDb, setOperator } from '@parley/server';

const USAGE = 'usage: npm run operator -- grant|revoke <userName>';

async function main(argv: readonly string[]): Promise<number> {
  const [command, userName, ...rest] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !userName || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const db = openDb(config);
  try {
    await migrateToLatest(db);
    const result = await setOperator(db.kysely, userName, command === 'grant');
    const messages = {
      granted: `${userName} is now an operator (${db.describe})`,
      revoked: `${userName} is no longer an operator (${db.describe})`,
      unchanged: `${userName} was already ${command === 'grant' ? 'an operator' : 'not an operator'} (${db.describe})`,
      notFound: `no account named ${userName} (${db.describe})`,
    };
    (result === 'notFound' ? console.error : console.log)(messages[result]);
    return result === 'notFound' ? 1 : 0;
  } finally {
    await db.kysely.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
