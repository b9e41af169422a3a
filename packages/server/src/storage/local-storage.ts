/** Media on the local disk under DATA_DIR/uploads (the default; one node, or a shared mount). */
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, ListedObject, MediaObject, MediaStorage } from './media-storage.js';

/** Counts what passes through (the bytes a put stored). */
export function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      counter.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

export class LocalStorage implements MediaStorage {
  readonly kind = 'local';
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** Keys come from our own names or the exact upload URL shapes; this is the last guard. */
  private file(key: string): string {
    const file = path.resolve(this.root, ...key.split('/'));
    if (!file.startsWith(this.root + path.sep)) throw new Error(`media key outside the uploads folder: ${key}`);
    return file;
  }

  async put(key: string, body: Readable | Buffer, _contentType: string): Promise<number> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const counter = byteCounter();
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, counter, createWriteStream(file, { flags: 'wx' }));
    } catch (err) {
      // Never someone else's file (EEXIST); our half-written one goes.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') await this.remove(key);
      throw err;
    }
    return counter.bytes;
  }

  async stat(key: string): Promise<MediaObject | undefined> {
    const stat = await fs.stat(this.file(key)).catch(() => undefined);
    if (!stat?.isFile()) return undefined;
    return {
      size: stat.size,
      modified: stat.mtime,
      etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
    };
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const stream = createReadStream(this.file(key), range ? { start: range.start, end: range.end } : {});
    // Opened before anything is sent, so a missing file is a rejection here, not a broken reply.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    return stream;
  }

  async remove(key: string): Promise<void> {
    const file = this.file(key);
    await fs.rm(file, { force: true });
    // A file upload's own folder (`files/<yyyy>/<mm>/<32 hex>/`) goes with its only file;
    // month folders stay (another upload may be writing into one right now).
    const dir = path.dirname(file);
    if (/^[0-9a-f]{32}$/.test(path.basename(dir))) await fs.rmdir(dir).catch(() => undefined);
  }

  async *list(): AsyncIterable<ListedObject> {
    let entries;
    try {
      entries = await fs.readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      if (!e.isFile()) continue;
      const abs = path.join(e.parentPath, e.name);
      const stat = await fs.lstat(abs).catch(() => null); // removed meanwhile
      if (!stat?.isFile()) continue;
      yield { key: path.relative(this.root, abs).split(path.sep).join('/'), size: stat.size, modified: stat.mtime };
    }
  }

  async check(): Promise<void> {
    await fs.access(this.root);
  }

  async close(): Promise<void> {}
}
