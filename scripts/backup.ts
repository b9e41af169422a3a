/**
 * Backs up a Parley data directory while the server runs (docs/BACKUP.md):
 *
 *   npm run backup -- /var/backups/parley/2026-11-28
 *
 * SQLite (no DATABASE_URL): the database, the secrets and the media into one new directory
 * with a manifest. PostgreSQL: run pg_dump first, then `--files-only` copies the secrets and
 * local media beside the dump. With MEDIA_STORAGE=s3 the bucket is copied with its own tools.
 * DATA_DIR, DATABASE_URL and MEDIA_STORAGE are read as the server reads them.
 */
import { createBackup, loadConfig } from '@parley/server/backup';

const USAGE = 'usage: npm run backup -- <new directory> [--files-only]';

async function main(argv: readonly string[]): Promise<number> {
  const flags = argv.filter((a) => a.startsWith('--'));
  const dirs = argv.filter((a) => !a.startsWith('--'));
  if (dirs.length !== 1 || flags.some((f) => f !== '--files-only')) {
    console.error(USAGE);
    return 2;
  }
  const started = Date.now();
  try {
    const m = await createBackup(loadConfig(), dirs[0]!, { filesOnly: flags.includes('--files-only') });
    const db =
      m.database.kind === 'sqlite'
        ? `database ${m.database.bytes} bytes (${m.database.migration})`
        : 'no database (pg_dump it)';
    console.log(
      `backup written to ${dirs[0]}: ${db}, ${m.secrets.length} secret files, ` +
        (m.media.objectStorage
          ? 'media in object storage (copy the bucket now: docs/BACKUP.md)'
          : `${m.media.count} media files (${m.media.bytes} bytes)`) +
        ` in ${Date.now() - started} ms`,
    );
    return 0;
  } catch (err) {
    console.error(`backup failed: ${(err as Error).message}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
