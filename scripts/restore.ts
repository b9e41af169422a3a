/**
 * Restores a backup of `npm run backup` into DATA_DIR, with the server stopped (docs/BACKUP.md):
 *
 *   DATA_DIR=/var/lib/parley npm run restore -- /var/backups/parley/2026-11-28
 *
 * Every file is checked against the manifest first. A non-empty DATA_DIR is refused unless
 * `--force`, which replaces the database, the secrets and uploads/ there.
 */
import { loadConfig, restoreBackup } from '@parley/server/backup';

const USAGE = 'usage: npm run restore -- <backup directory> [--force]';

async function main(argv: readonly string[]): Promise<number> {
  const flags = argv.filter((a) => a.startsWith('--'));
  const dirs = argv.filter((a) => !a.startsWith('--'));
  if (dirs.length !== 1 || flags.some((f) => f !== '--force')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  try {
    const m = await restoreBackup(config, dirs[0]!, { force: flags.includes('--force') });
    const db = m.database.kind === 'sqlite' ? `the database (${m.database.migration})` : 'no database';
    const media = m.media.objectStorage
      ? 'media in object storage (copy the saved bucket back: docs/BACKUP.md)'
      : `${m.media.count} media files`;
    console.log(
      `restored into ${config.dataDir}: ${db}, ${m.secrets.length} secret files, ${media} (backup of ${m.createdAt})`,
    );
    return 0;
  } catch (err) {
    console.error(`restore failed: ${(err as Error).message}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
