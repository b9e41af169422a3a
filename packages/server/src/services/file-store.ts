/**
 * File and video uploads (wire-contract §7), streamed to disk (never whole in memory):
 * - files: any type, stored as `files/<yyyy>/<mm>/<32 hex>/<safe original name>` and
 *   served as an attachment under that name (see `fileHeaders`);
 * - videos: MP4/MOV (`ftyp` box) or WebM/Matroska (EBML magic) by content, stored as
 *   `videos/<yyyy>/<mm>/<32 hex>.<mp4|mov|webm>` and served inline (range requests).
 * A failed upload leaves nothing behind. A forwarded file message reuses the URL.
 */
import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { UPLOADS_PATH } from '@parley/protocol';
import { AppError } from '../http/app-error.js';

/** Content types for downloads; anything else is application/octet-stream (never rendered). */
const DOWNLOAD_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

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
  const ext = path.extname(name).slice(1).toLowerCase();
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return {
    contentType: DOWNLOAD_TYPES[ext] ?? 'application/octet-stream',
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

export class FileStore {
  readonly filesRoot: string;

  constructor(
    private readonly uploadsRoot: string,
    private readonly maxBytes: number,
  ) {
    this.filesRoot = path.join(uploadsRoot, 'files');
  }

  /** Stores any file under its (sanitised) name; returns its URL. */
  async saveFile(part: MultipartFile): Promise<string> {
    const dir = path.posix.join('files', monthDir(), crypto.randomBytes(16).toString('hex'));
    const rel = path.posix.join(dir, safeFileName(part.filename));
    try {
      await this.receive(part, rel);
    } catch (err) {
      await fs.rm(path.join(this.uploadsRoot, dir), { recursive: true, force: true });
      throw err;
    }
    return this.urlOf(rel);
  }

  /** Stores an MP4/MOV/WebM video (by content, not name); anything else → fileTypeNotAllowed. */
  async saveVideo(part: MultipartFile): Promise<string> {
    const base = path.posix.join('videos', monthDir(), crypto.randomBytes(16).toString('hex'));
    const tmp = await this.receive(part, `${base}.part`);
    const handle = await fs.open(tmp, 'r');
    const head = Buffer.alloc(16);
    try {
      await handle.read(head, 0, 16, 0);
    } finally {
      await handle.close();
    }
    const format = detectVideo(head);
    if (!format) {
      await fs.rm(tmp, { force: true });
      throw new AppError('fileTypeNotAllowed');
    }
    const rel = `${base}.${format}`;
    await fs.rename(tmp, path.join(this.uploadsRoot, rel));
    return this.urlOf(rel);
  }

  /** Deletes a stored upload by its URL (cleanup after a later part of the request failed). */
  async remove(url: string): Promise<void> {
    if (!url.startsWith(`${UPLOADS_PATH}/`)) return;
    const rel = decodeURIComponent(url.slice(UPLOADS_PATH.length + 1));
    const file = path.resolve(this.uploadsRoot, rel);
    if (!file.startsWith(this.uploadsRoot + path.sep)) return;
    await fs.rm(file, { force: true });
  }

  private urlOf(rel: string): string {
    return `${UPLOADS_PATH}/${rel.split('/').map(encodeURIComponent).join('/')}`;
  }

  /** Streams the part to `rel`; over the cap → 413 fileTooLarge, empty → fileMissing, nothing kept. */
  private async receive(part: MultipartFile, rel: string): Promise<string> {
    const file = path.join(this.uploadsRoot, rel);
    await fs.mkdir(path.dirname(file), { recursive: true });
    try {
      await pipeline(part.file, createWriteStream(file, { flags: 'wx' }));
      if (part.file.truncated) {
        throw new AppError('fileTooLarge', { maxMb: Math.max(1, Math.round(this.maxBytes / (1024 * 1024))) });
      }
      if ((await fs.stat(file)).size === 0) throw new AppError('fileMissing');
    } catch (err) {
      await fs.rm(file, { force: true });
      throw err;
    }
    return file;
  }
}
