/**
 * `npm run restore -- <dir> [--force]` (docs/BACKUP.md): a backup into DATA_DIR, with the
 * server stopped. Every file is checked against the manifest (size and sha256) before
 * DATA_DIR is touched; a non-empty DATA_DIR is refused unless `force`, which replaces what a
 * backup holds (the database with its -wal/-shm, the secrets, uploads/) and nothing else.
 * Files are staged inside DATA_DIR and moved into place, the database last.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { migrationNames } from '../db/migrate.js';
import { copyHashed, hashFile, isWithin } from './files.js';
import {
  MANIFEST_FILE,
  MEDIA_DIR,
  SECRET_FILES,
  SQLITE_FILE,
  parseManifest,
  type FileEntry,
  type Manifest,
} from './manifest.js';

export interface RestoreOptions {
  /** Replace the database, secrets and uploads of a non-empty DATA_DIR. */
  force?: boolean;
}

const STAGE_PREFIX = '.restore-partial-';

export async function readBackup(from: string): Promise<Manifest> {
  const dir = path.resolve(from);
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new Error(`${dir} has no ${MANIFEST_FILE}: not a finished Parley backup`);
  }
  return parseManifest(text);
}

/** Size and sha256 of every file the manifest names, as they are in the backup. */
export async function verifyBackup(from: string, manifest: Manifest): Promise<void> {
  for (const entry of entriesOf(manifest)) {
    const found = await hashFile(path.join(path.resolve(from), entry.path)).catch(() => null);
    if (!found) throw new Error(`the backup lacks ${entry.path}`);
    if (found.bytes !== entry.bytes || found.sha256 !== entry.sha256) {
      throw new Error(`${entry.path} in the backup differs from its manifest (damaged or edited)`);
    }
  }
}

function entriesOf(m: Manifest): FileEntry[] {
  const db =
    m.database.kind === 'sqlite' ? [{ path: m.database.file, bytes: m.database.bytes, sha256: m.database.sha256 }] : [];
  return [...m.secrets, ...m.media.files, ...db];
}

export async function restoreBackup(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  from: string,
  options: RestoreOptions = {},
): Promise<Manifest> {
  if (isWithin(from, config.dataDir)) throw new Error('the backup must lie outside DATA_DIR');
  const manifest = await readBackup(from);
  if (manifest.database.kind === 'sqlite' && config.databaseUrl) {
    throw new Error('this backup holds a SQLite database, but DATABASE_URL is set');
  }
  if (manifest.database.kind === 'external' && !config.databaseUrl) {
    throw new Error('this backup holds files only: restore PostgreSQL with pg_restore and set DATABASE_URL first');
  }
  if (manifest.database.kind === 'sqlite' && !migrationNames.includes(manifest.database.migration)) {
    throw new Error(`the backup's schema (${manifest.database.migration}) is newer than this Parley: upgrade first`);
  }
  await verifyBackup(from, manifest);

  const dataDir = path.resolve(config.dataDir);
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const present = (await fs.readdir(dataDir)).filter((n) => !n.startsWith(STAGE_PREFIX));
  if (present.length > 0 && !options.force) {
    throw new Error(
      `${dataDir} is not empty (${present.slice(0, 3).join(', ')}…): restore into an empty one, or --force`,
    );
  }
  const stage = await fs.mkdtemp(path.join(dataDir, STAGE_PREFIX));
  try {
    for (const entry of entriesOf(manifest)) {
      const mode = entry.path.startsWith(`${MEDIA_DIR}/`) ? 0o644 : 0o600;
      const copied = await copyHashed(path.join(path.resolve(from), entry.path), path.join(stage, entry.path), mode);
      if (copied.sha256 !== entry.sha256) throw new Error(`${entry.path} changed while it was read`);
    }
    // --force: what the backup holds replaces what was there, nothing else is touched.
    const sqlite = manifest.database.kind === 'sqlite' ? [SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`] : [];
    for (const name of [...sqlite, ...SECRET_FILES, MEDIA_DIR]) {
      await fs.rm(path.join(dataDir, name), { recursive: true, force: true });
    }
    const moves = [...manifest.secrets.map((s) => s.path), MEDIA_DIR];
    if (manifest.database.kind === 'sqlite') moves.push(manifest.database.file);
    for (const name of moves) {
      const staged = path.join(stage, name);
      if (name === MEDIA_DIR) await fs.mkdir(staged, { recursive: true });
      await fs.rename(staged, path.join(dataDir, name));
    }
  } finally {
    await fs.rm(stage, { recursive: true, force: true });
  }
  return manifest;
}
