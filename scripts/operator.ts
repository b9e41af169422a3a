/**
 * Grants or revokes the moderation-console role of an account, on the database the
 * server uses (DATABASE_URL, else SQLite under DATA_DIR; see docs/PROTOCOL.md):
 *
 *   npm run operator -- grant alice@example.com
 *   npm run operator -- revoke alice@example.com
 *
 * The change takes effect on the account's next request; no restart is needed.
 * It also resets a user's password when no mail can be sent (issue 22 point 9):
 *
 *   npm run operator -- reset-password alice@example.com
 *
 * prints a temporary password to hand over; every session of the account ends (running
 * servers notice within a minute, when their cached account expires).
 */
import { Passwords, loadConfig, migrateToLatest, openDb, resetPasswordByName, setOperator } from '@parley/server';

const USAGE = 'usage: npm run operator -- grant|revoke|reset-password <userName>';

async function main(argv: readonly string[]): Promise<number> {
  const [command, userName, ...rest] = argv;
  if ((command !== 'grant' && command !== 'revoke' && command !== 'reset-password') || !userName || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const db = openDb(config);
  try {
    await migrateToLatest(db);
    if (command === 'reset-password') {
      const passwords = new Passwords({
        memoryKib: config.passwordHashMemoryKib,
        iterations: config.passwordHashIterations,
      });
      const password = await resetPasswordByName(db.kysely, passwords, userName);
      if (password === null) {
        console.error(`no account named ${userName} whose password can be reset (${db.describe})`);
        return 1;
      }
      console.log(`temporary password of ${userName}: ${password} (every session ended; ${db.describe})`);
      return 0;
    }
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
