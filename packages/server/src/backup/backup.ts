/**
 * `npm run backup -- <dir>` (docs/BACKUP.md): a consistent copy of a running server's data
 * directory. The SQLite database first (VACUUM INTO: one read transaction, so it is the
 * database at one moment while the server goes on writing, WAL included), then the secrets
 * and the local media files (media in object storage is copied with the bucket's own tools):
 * every file a message in that copy names was written before its message
 * was stored, so it is on disk when the files are walked. Written into a sibling temp
 * directory and renamed into place at the end: a failed backup never looks like a good one.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.js';
import { copyHashed, exists, hashFile, isWithin, listFiles } from './files.js';
import {
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  MEDIA_DIR,
  SECRET_FILES,
  SQLITE_FILE,
  type DatabasePart,
  type FileEntry,
  type Manifest,
} from './manifest.js';

export interface BackupOptions {
  /** With DATABASE_URL: copy only the files (secrets, local media); the operator runs pg_dump first. */
  filesOnly?: boolean;
}

export async function createBackup(
  /** `media` absent: local (DATA_DIR/uploads). */
  config: Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'media'>>,
  target: string,
  options: BackupOptions = {},
): Promise<Manifest> {
  const out = path.resolve(target);
  if (config.databaseUrl && !options.filesOnly) {
    throw new Error(
      'DATABASE_URL is set: dump PostgreSQL with pg_dump first, then run `npm run backup -- <dir> --files-only` ' +
        'for the files under DATA_DIR (docs/BACKUP.md)',
    );
  }
  if (!config.databaseUrl && options.filesOnly) throw new Error('--files-only is for PostgreSQL (DATABASE_URL)');
  if (!(await exists(config.dataDir))) throw new Error(`no DATA_DIR at ${path.resolve(config.dataDir)}`);
  if (isWithin(out, config.dataDir)) throw new Error('the backup must go outside DATA_DIR');
  if (await exists(out)) throw new Error(`${out} exists: a backup goes into a new directory`);
  const sqliteFile = path.join(config.dataDir, SQLITE_FILE);
  if (!config.databaseUrl && !(await exists(sqliteFile))) throw new Error(`no database at ${sqliteFile}`);

  await fs.mkdir(path.dirname(out), { recursive: true });
  const work = await fs.mkdtemp(path.join(path.dirname(out), `.${path.basename(out)}.partial-`));
  try {
    const createdAt = new Date().toISOString();
    const database: DatabasePart = config.databaseUrl
      ? { kind: 'external' }
      : await snapshotSqlite(sqliteFile, path.join(work, SQLITE_FILE));
    // Taken after the snapshot's read began: any file a message in it names is older.
    const notAfter = Date.now();
    const secrets: FileEntry[] = [];
    for (const name of SECRET_FILES) {
      const from = path.join(config.dataDir, name);
      if (await exists(from)) secrets.push({ path: name, ...(await copyHashed(from, path.join(work, name))) });
    }
    const files: FileEntry[] = [];
    // Media in a bucket is copied with the bucket's tools, after this (docs/BACKUP.md).
    const localMedia = config.media?.kind !== 's3';
    for (const rel of localMedia ? await listFiles(path.join(config.dataDir, MEDIA_DIR), notAfter) : []) {
      const p = `${MEDIA_DIR}/${rel}`;
      const copied = await copyHashed(path.join(config.dataDir, p), path.join(work, p), 0o644).catch(gone);
      // Removed since the listing (a failed request's cleanup, a video's .part renamed): no message names it.
      if (copied) files.push({ path: p, ...copied });
    }
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      createdAt,
      database,
      secrets,
      media: {
        count: files.length,
        bytes: files.reduce((n, f) => n + f.bytes, 0),
        files,
        ...(localMedia ? {} : { objectStorage: true }),
      },
    };
    await fs.writeFile(path.join(work, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
    await fs.chmod(work, 0o700); // it holds the signing secret: as private as DATA_DIR itself
    await fs.rename(work, out);
    return manifest;
  } catch (err) {
    await fs.rm(work, { recursive: true, force: true });
    throw err;
  }
}

const gone = (err: unknown): null => {
  if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw err;
};

/** VACUUM INTO from its own connection; then the copy is checked and its newest migration read. */
async function snapshotSqlite(from: string, to: string): Promise<DatabasePart> {
  const source = new SQLite(from, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    source.prepare('VACUUM INTO ?').run(to);
  } finally {
    source.close();
  }
  const copy = new SQLite(to, { fileMustExist: true });
  let migration: string;
  try {
    // One standalone file, no -wal beside it; the server turns WAL on again when it opens it.
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the database copy failed its check: ${String(check)}`);
    const row = copy.prepare('select name from kysely_migration order by name desc limit 1').get() as
      { name: string } | undefined;
    if (!row) throw new Error('the database has no migrations: is it a Parley database?');
    migration = row.name;
  } finally {
    copy.close();
  }
  const handle = await fs.open(to, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { kind: 'sqlite', file: SQLITE_FILE, migration, ...(await hashFile(to)) };
}
