/**
 * File and video uploads (wire-contract §7), streamed to media storage (never whole in memory):
 * - files: any type, stored as `files/<yyyy>/<mm>/<32 hex>/<safe original name>` and
 *   served as an attachment under that name (see `fileHeaders`);
 * - videos: MP4/MOV (`ftyp` box) or WebM/Matroska (EBML magic) by content, stored as
 *   `videos/<yyyy>/<mm>/<32 hex>.<mp4|mov|webm>` and served inline (range requests).
 * A failed upload leaves nothing behind. A forwarded file message reuses the URL.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { AppError } from '../http/app-error.js';
import { contentTypeOf } from '../storage/content-types.js';
import { keyOfUrl, urlOfKey } from '../storage/keys.js';
import type { MediaStorage } from '../storage/media-storage.js';

const NAME_MAX_BYTES = 180;

/** A name safe on every filesystem and in a URL path segment; keeps the extension when cutting. */
export function safeFileName(raw: string | undefined): string {
  let name = path.basename((raw ?? '').replace(/\\/g, '/')).normalize('NFC');
  // Format characters (bidi overrides as in `invoice\u202Efdp.exe`, zero-width ones) and lone surrogates go.
  name = name.replace(/[\p{Cf}\p{Cs}]/gu, '');
  // eslint-disable-next-line no-control-regex
  name = name.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_').trim();
  name = name.replace(/^[.\s]+/, ''); // no dotfiles (never served), no ".."
  if (!name) return 'file';
  if (Buffer.byteLength(name) <= NAME_MAX_BYTES) return name;
  const ext = path.extname(name).slice(0, 16);
  let stem = name.slice(0, name.length - ext.length);
  while (Buffer.byteLength(stem + ext) > NAME_MAX_BYTES) stem = [...stem].slice(0, -1).join('');
  return stem + ext;
}

/** Headers for a stored file download: its content type and `attachment` with the original name. */
export function fileHeaders(filePath: string): { contentType: string; disposition: string } {
  const name = path.basename(filePath);
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return {
    contentType: contentTypeOf(name),
    disposition: `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`,
  };
}

type VideoFormat = 'mp4' | 'mov' | 'webm';

/** The container by magic bytes: ISO-BMFF `ftyp` (brand `qt  ` → mov), or EBML (WebM/Matroska). */
export function detectVideo(head: Buffer): VideoFormat | undefined {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    return head.toString('latin1', 8, 12) === 'qt  ' ? 'mov' : 'mp4';
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  return undefined;
}

const monthDir = () => {
  const now = new Date();
  return path.posix.join(String(now.getUTCFullYear()), String(now.getUTCMonth() + 1).padStart(2, '0'));
};

/**
 * The first `n` bytes of a stream (fewer when it is shorter) and a stream of all of it again,
 * so a video's container is known before a byte is stored.
 */
async function peek(source: Readable, n: number): Promise<{ head: Buffer; whole: Readable }> {
  const chunks: Buffer[] = [];
  let got = 0;
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  while (got < n) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    got += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* rest() {
    yield head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head: head.subarray(0, n), whole: Readable.from(rest(), { objectMode: false }) };
}

export class FileStore {
  constructor(
    private readonly media: MediaStorage,
    private readonly maxBytes: number,
  ) {}

  /** Stores any file under its (sanitised) name; returns its URL. */
  async saveFile(part: MultipartFile): Promise<string> {
    const key = path.posix.join(
      'files',
      monthDir(),
      crypto.randomBytes(16).toString('hex'),
      safeFileName(part.filename),
    );
    await this.receive(part, part.file, key);
    return urlOfKey(key);
  }

  /** Stores an MP4/MOV/WebM video (by content, not name); anything else → fileTypeNotAllowed. */
  async saveVideo(part: MultipartFile): Promise<string> {
    const { head, whole } = await peek(part.file, 16);
    const format = detectVideo(head);
    if (!format) {
      // The rest is read and dropped, so the refusal names the right cause (too large first).
      for await (const chunk of whole) void chunk;
      this.refuseTruncated(part);
      throw new AppError(head.length === 0 ? 'fileMissing' : 'fileTypeNotAllowed');
    }
    const key = `${path.posix.join('videos', monthDir(), crypto.randomBytes(16).toString('hex'))}.${format}`;
    await this.receive(part, whole, key);
    return urlOfKey(key);
  }

  /** Deletes a stored upload by its URL (cleanup after a later part of the request failed). */
  async remove(url: string): Promise<void> {
    const key = keyOfUrl(url);
    if (key !== undefined) await this.media.remove(key);
  }

  private refuseTruncated(part: MultipartFile): void {
    if (part.file.truncated) {
      throw new AppError('fileTooLarge', { maxMb: Math.max(1, Math.round(this.maxBytes / (1024 * 1024))) });
    }
  }

  /** Streams the part into `key`; over the cap → 413 fileTooLarge, empty → fileMissing, nothing kept. */
  private async receive(part: MultipartFile, body: Readable, key: string): Promise<void> {
    const bytes = await this.media.put(key, body, contentTypeOf(key));
    try {
      this.refuseTruncated(part);
      if (bytes === 0) throw new AppError('fileMissing');
    } catch (err) {
      await this.media.remove(key);
      throw err;
    }
  }
}
