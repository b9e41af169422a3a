/** File steps of backup and restore: a copy that hashes what it writes, a hash, a listing of regular files. */
import crypto from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface Copied {
  bytes: number;
  sha256: string;
}

/** Copies `from` to a new file `to` (never over an existing one), fsynced; returns what was written. */
export async function copyHashed(from: string, to: string, mode = 0o600): Promise<Copied> {
  await fs.mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(createReadStream(from), tap, createWriteStream(to, { flags: 'wx', mode }));
  } catch (err) {
    // Nothing half-copied stays behind (the source may have gone meanwhile); never someone else's file.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') await fs.rm(to, { force: true });
    throw err;
  }
  const handle = await fs.open(to, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { bytes, sha256: hash.digest('hex') };
}

export async function hashFile(file: string): Promise<Copied> {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * Regular files under `root` (relative, forward slashes, sorted) last changed at or before
 * `notAfterMs`: an upload still being written, or stored after the database snapshot, cannot
 * be named by any message in that snapshot, so it waits for the next backup. Symbolic links
 * and other special files are never followed.
 */
export async function listFiles(root: string, notAfterMs: number): Promise<string[]> {
  let entries;
  try {
    entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: string[] = [];
  for (const e of entries) {
    if (!e.isFile()) continue;
    const abs = path.join(e.parentPath, e.name);
    const stat = await fs.lstat(abs).catch(() => null); // removed meanwhile: not ours to keep
    if (stat?.isFile() && stat.mtimeMs <= notAfterMs) out.push(path.relative(root, abs).split(path.sep).join('/'));
  }
  return out.sort();
}

export async function exists(p: string): Promise<boolean> {
  return fs.access(p).then(
    () => true,
    () => false,
  );
}

/** Is `p` the directory `dir` or inside it? (A backup inside DATA_DIR would copy itself; a restore from it, delete itself.) */
export function isWithin(p: string, dir: string): boolean {
  const rel = path.relative(path.resolve(dir), path.resolve(p));
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}
