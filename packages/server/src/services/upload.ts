/**
 * Image uploads: the type comes from the content (sharp), never from the file name.
 * Original and thumbnail are stored under DATA_DIR/uploads/<yyyy>/<mm>/ and served
 * at UPLOADS_PATH with root-relative URLs.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { Limits, UPLOADS_PATH, type ImageUploadResult } from '@parley/protocol';
import { AppError } from '../http/app-error.js';

type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';
const EXT: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };
// Thumbnails keep the family: lossy stays lossy; a GIF's first frame becomes a PNG.
const THUMB_FORMAT: Record<ImageFormat, 'jpeg' | 'png' | 'webp'> = {
  jpeg: 'jpeg',
  png: 'png',
  gif: 'png',
  webp: 'webp',
};

const isAllowed = (f: string | undefined): f is ImageFormat =>
  f === 'jpeg' || f === 'png' || f === 'gif' || f === 'webp';

export class UploadService {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'uploads');
  }

  /** `thumbSizeKb` is the client's hint for the thumbnail's byte size; lossy thumbnails shrink to meet it. */
  async saveImage(data: Buffer, thumbSizeKb?: number): Promise<ImageUploadResult> {
    let meta: Metadata;
    try {
      meta = await sharp(data).metadata();
    } catch {
      throw new AppError('fileTypeNotAllowed');
    }
    if (!isAllowed(meta.format) || !meta.width || !meta.height) throw new AppError('fileTypeNotAllowed');
    const format = meta.format;
    // EXIF orientations 5-8 swap the displayed width and height.
    const swap = (meta.orientation ?? 1) >= 5;
    const width = swap ? meta.height : meta.width;
    const height = swap ? meta.width : meta.height;

    const original = await this.stripMetadata(data, format, (meta.pages ?? 1) > 1);
    const thumb = await this.thumbnail(data, THUMB_FORMAT[format], thumbSizeKb);
    const now = new Date();
    const dir = path.join(String(now.getUTCFullYear()), String(now.getUTCMonth() + 1).padStart(2, '0'));
    const name = crypto.randomBytes(16).toString('hex');
    const originRel = path.posix.join(dir, `${name}.${EXT[format]}`);
    const thumbRel = path.posix.join(dir, `${name}_thumb.${EXT[THUMB_FORMAT[format]]}`);
    await fs.mkdir(path.join(this.root, dir), { recursive: true });
    try {
      await fs.writeFile(path.join(this.root, originRel), original, { flag: 'wx' });
      await fs.writeFile(path.join(this.root, thumbRel), thumb, { flag: 'wx' });
    } catch (err) {
      // Nothing half-stored: drop whichever file made it.
      await Promise.all([originRel, thumbRel].map((f) => fs.rm(path.join(this.root, f), { force: true })));
      throw err;
    }
    return { originUrl: `${UPLOADS_PATH}/${originRel}`, thumbUrl: `${UPLOADS_PATH}/${thumbRel}`, width, height };
  }

  /**
   * Photos carry EXIF (GPS position, device): re-encode without it, orientation applied.
   * GIF has no EXIF and re-encoding would cost its palette, so it is kept byte-for-byte.
   */
  private async stripMetadata(data: Buffer, format: ImageFormat, animated: boolean): Promise<Buffer> {
    if (format === 'gif') return data;
    try {
      const image = sharp(data, { animated }).rotate();
      if (format === 'jpeg') return await image.jpeg({ quality: 92, mozjpeg: true }).toBuffer();
      if (format === 'webp') return await image.webp({ quality: 90 }).toBuffer();
      return await image.png().toBuffer();
    } catch {
      throw new AppError('fileTypeNotAllowed');
    }
  }

  private async thumbnail(data: Buffer, format: 'jpeg' | 'png' | 'webp', thumbSizeKb?: number): Promise<Buffer> {
    const render = (quality: number) =>
      sharp(data, { animated: false })
        .rotate() // apply EXIF orientation before it is stripped
        .resize({
          width: Limits.THUMB_MAX_EDGE,
          height: Limits.THUMB_MAX_EDGE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .toFormat(format, { quality })
        .toBuffer();
    try {
      let out = await render(80);
      if (thumbSizeKb && thumbSizeKb > 0 && format !== 'png') {
        for (const quality of [60, 40, 20]) {
          if (out.length <= thumbSizeKb * 1024) break;
          out = await render(quality);
        }
      }
      return out;
    } catch {
      // Decodable headers but a corrupt body.
      throw new AppError('fileTypeNotAllowed');
    }
  }
}
