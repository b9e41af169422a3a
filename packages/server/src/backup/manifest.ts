/**
 * The manifest of a backup directory (docs/BACKUP.md): what it holds and the checksum of
 * every file, written last, so a directory without one is no backup. Restore reads it
 * strictly: a path that could leave the data directory is refused before anything is copied.
 */
import path from 'node:path';

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'parley-backup';
export const MANIFEST_VERSION = 1;

export interface FileEntry {
  /** Relative to the data directory, with forward slashes (`uploads/2026/11/…`, `secrets.json`). */
  path: string;
  bytes: number;
  sha256: string;
}

export type DatabasePart =
  | { kind: 'sqlite'; file: string; bytes: number; sha256: string; migration: string }
  /** DATABASE_URL was set: the operator dumps PostgreSQL with pg_dump (docs/BACKUP.md). */
  | { kind: 'external' };

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  version: typeof MANIFEST_VERSION;
  /** ISO time the database snapshot began; files changed after it are left for the next backup. */
  createdAt: string;
  database: DatabasePart;
  /** secrets.json, vapid.json: without them sessions end and push subscriptions stop working. */
  secrets: FileEntry[];
  /**
   * The local media (`uploads/…`). With MEDIA_STORAGE=s3 the media is in the bucket, which
   * the operator copies with the bucket's own tools (docs/BACKUP.md): `objectStorage` is then
   * true and the list is empty.
   */
  media: { count: number; bytes: number; files: FileEntry[]; objectStorage?: boolean };
}

const SHA256 = /^[0-9a-f]{64}$/;

/** A data-directory path a restore may write: relative, forward slashes, no `..`, no empty segment. */
export function isSafeRelative(p: string): boolean {
  if (p === '' || p.includes('\\') || p.includes('\0') || path.posix.isAbsolute(p)) return false;
  return p.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

function fail(why: string): never {
  throw new Error(`not a valid Parley backup manifest: ${why}`);
}

function fileEntry(raw: unknown, under: (p: string) => boolean): FileEntry {
  const e = raw as Partial<FileEntry> | null;
  if (typeof e !== 'object' || e === null) fail('a file entry is not an object');
  if (typeof e.path !== 'string' || !isSafeRelative(e.path) || !under(e.path)) fail(`bad file path ${String(e.path)}`);
  if (!Number.isSafeInteger(e.bytes) || (e.bytes as number) < 0) fail(`bad size of ${e.path}`);
  if (typeof e.sha256 !== 'string' || !SHA256.test(e.sha256)) fail(`bad sha256 of ${e.path}`);
  return { path: e.path, bytes: e.bytes as number, sha256: e.sha256 };
}

export const SECRET_FILES = ['secrets.json', 'vapid.json'] as const;
export const SQLITE_FILE = 'parley.db';
export const MEDIA_DIR = 'uploads';

export function parseManifest(text: string): Manifest {
  let raw: Partial<Manifest>;
  try {
    raw = JSON.parse(text) as Partial<Manifest>;
  } catch {
    fail('not JSON');
  }
  if (raw.format !== MANIFEST_FORMAT) fail('wrong format name');
  if (raw.version !== MANIFEST_VERSION) fail(`version ${String(raw.version)} is not ${MANIFEST_VERSION}`);
  if (typeof raw.createdAt !== 'string' || Number.isNaN(Date.parse(raw.createdAt))) fail('bad createdAt');
  const db = raw.database as Partial<Extract<DatabasePart, { kind: 'sqlite' }>> | { kind?: unknown } | undefined;
  let database: DatabasePart;
  if (db?.kind === 'external') database = { kind: 'external' };
  else if (db?.kind === 'sqlite') {
    const d = db as Partial<Extract<DatabasePart, { kind: 'sqlite' }>>;
    const entry = fileEntry({ path: d.file, bytes: d.bytes, sha256: d.sha256 }, (p) => p === SQLITE_FILE);
    if (typeof d.migration !== 'string' || d.migration === '') fail('no migration name');
    database = { kind: 'sqlite', file: entry.path, bytes: entry.bytes, sha256: entry.sha256, migration: d.migration };
  } else fail('unknown database kind');
  if (!Array.isArray(raw.secrets)) fail('no secrets list');
  const secrets = raw.secrets.map((e) => fileEntry(e, (p) => (SECRET_FILES as readonly string[]).includes(p)));
  const media = raw.media;
  if (typeof media !== 'object' || media === null || !Array.isArray(media.files)) fail('no media list');
  const files = media.files.map((e) => fileEntry(e, (p) => p.startsWith(`${MEDIA_DIR}/`)));
  const bytes = files.reduce((n, f) => n + f.bytes, 0);
  if (media.count !== files.length || media.bytes !== bytes) fail('media totals do not match its list');
  const objectStorage = (media as { objectStorage?: unknown }).objectStorage;
  if (objectStorage !== undefined && typeof objectStorage !== 'boolean') fail('bad media objectStorage');
  if (objectStorage && files.length > 0) fail('media both in object storage and listed');
  if (new Set([...secrets, ...files].map((f) => f.path)).size !== secrets.length + files.length) fail('a path twice');
  return {
    format: MANIFEST_FORMAT,
    version: MANIFEST_VERSION,
    createdAt: raw.createdAt,
    database,
    secrets,
    media: { count: files.length, bytes, files, ...(objectStorage ? { objectStorage: true } : {}) },
  };
}
