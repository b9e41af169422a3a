/**
 * Image uploads: the type comes from the content (sharp), never from the file name.
 * Stored in media storage under <yyyy>/<mm>/ (storage/) and served at UPLOADS_PATH with
 * root-relative URLs: the viewing copy (`originUrl`, at most IMAGE_MAX_EDGE on its
 * long edge), the full-size original for download (`_full`, only when larger) and a
 * thumbnail (`_thumb`). All of them lose their metadata (EXIF: GPS, device).
 *
 * Decoding is what costs memory (width × height × channels), so the pixel count is
 * checked from the header before any pixel is decoded, every sharp() call carries
 * the same `limitInputPixels`, and at most `concurrency` images are processed at once.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { Limits, type ImageUploadResult } from '@parley/protocol';
import { AppError } from '../http/app-error.js';
import { contentTypeOf } from '../storage/content-types.js';
import { urlOfKey } from '../storage/keys.js';
import type { MediaStorage } from '../storage/media-storage.js';
import { Semaphore } from './semaphore.js';

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

export interface ImageOptions {
  /** Largest width × height (all frames when an animation is decoded whole); 0 = sharp's own cap only. */
  maxPixels: number;
  /** Images processed at once; further uploads wait their turn. */
  concurrency: number;
}

const monthDir = (now: Date) =>
  path.posix.join(String(now.getUTCFullYear()), String(now.getUTCMonth() + 1).padStart(2, '0'));

export class UploadService {
  /** Parallel uploads queue here instead of multiplying decoded-pixel memory. */
  readonly gate: Semaphore;
  private readonly maxPixels: number;

  constructor(
    private readonly media: MediaStorage,
    options: Partial<ImageOptions> = {},
  ) {
    this.maxPixels = options.maxPixels ?? Limits.IMAGE_MAX_PIXELS;
    this.gate = new Semaphore(Math.max(1, options.concurrency ?? 2));
  }

  /** `thumbSizeKb` is the client's hint for the thumbnail's byte size; lossy thumbnails shrink to meet it. */
  async saveImage(data: Buffer, thumbSizeKb?: number): Promise<ImageUploadResult> {
    let meta: Metadata;
    try {
      // Header only: nothing is decoded yet, so no limit here; ours follows.
      meta = await sharp(data, { limitInputPixels: false }).metadata();
    } catch {
      throw new AppError('fileTypeNotAllowed');
    }
    if (!isAllowed(meta.format) || !meta.width || !meta.height) throw new AppError('fileTypeNotAllowed');
    const format = meta.format;
    const frames = meta.pages ?? 1;
    const frameHeight = meta.pageHeight ?? meta.height;
    const resize = Math.max(meta.width, frameHeight) > Limits.IMAGE_MAX_EDGE;
    // Animated WebP is always re-encoded whole; an animated GIF only when it must shrink.
    const wholeAnimation = frames > 1 && (format === 'webp' || resize);
    const pixels = meta.width * frameHeight * (wholeAnimation ? frames : 1);
    if (this.maxPixels > 0 && pixels > this.maxPixels) throw this.tooLarge();
    return this.gate.run(() => this.process(data, format, frames > 1, resize, thumbSizeKb));
  }

  private async process(
    data: Buffer,
    format: ImageFormat,
    animated: boolean,
    resize: boolean,
    thumbSizeKb: number | undefined,
  ): Promise<ImageUploadResult> {
    const full = await this.encode(format, () => this.open(data, animated), {
      keep: format === 'gif' ? data : undefined,
      streaming: resize,
    });
    // Viewers never get more than IMAGE_MAX_EDGE: a 16k photo would cost every phone that opens it.
    const view = resize
      ? await this.encode(
          format,
          () =>
            this.open(data, animated).resize({
              width: Limits.IMAGE_MAX_EDGE,
              height: Limits.IMAGE_MAX_EDGE,
              fit: 'inside',
              withoutEnlargement: true,
            }),
          { streaming: false },
        )
      : full;
    const thumb = await this.thumbnail(data, THUMB_FORMAT[format], thumbSizeKb);
    // Upright already (rotate() applied), so the header's size is the displayed size.
    const viewMeta = await sharp(view, { limitInputPixels: false }).metadata();
    const width = viewMeta.width ?? 0;
    const height = viewMeta.pageHeight ?? viewMeta.height ?? 0;

    const dir = monthDir(new Date());
    const name = crypto.randomBytes(16).toString('hex');
    const files: [string, Buffer][] = [[path.posix.join(dir, `${name}.${EXT[format]}`), view]];
    if (resize) files.push([path.posix.join(dir, `${name}_full.${EXT[format]}`), full]);
    files.push([path.posix.join(dir, `${name}_thumb.${EXT[THUMB_FORMAT[format]]}`), thumb]);
    // Side by side (one round trip to object storage, not three); all settled before any cleanup.
    const stored = await Promise.allSettled(
      files.map(([key, bytes]) => this.media.put(key, bytes, contentTypeOf(key))),
    );
    const failed = stored.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      // Nothing half-stored: drop whichever file made it.
      await Promise.all(files.map(([key]) => this.media.remove(key).catch(() => undefined)));
      throw failed.reason;
    }
    const url = (i: number) => urlOfKey(files[i]![0]);
    return { originUrl: url(0), thumbUrl: url(files.length - 1), width, height, downloadUrl: url(resize ? 1 : 0) };
  }

  /** Every decode carries the pixel cap, a second line behind the header check. */
  private open(data: Buffer, animated: boolean): Sharp {
    return sharp(data, { animated, limitInputPixels: this.maxPixels > 0 ? this.maxPixels : true }).rotate();
  }

  private tooLarge(): AppError {
    return new AppError('imageTooLarge', { maxMp: Math.round((this.maxPixels / 1_000_000) * 10) / 10 });
  }

  /** A decode failure as a reply: over the pixel cap → imageTooLarge; anything else → fileTypeNotAllowed. */
  private refusal(err: unknown): AppError {
    if (err instanceof AppError) return err;
    return err instanceof Error && /pixel limit/i.test(err.message)
      ? this.tooLarge()
      : new AppError('fileTypeNotAllowed');
  }

  /**
   * Re-encoded without metadata (EXIF: GPS position, device), orientation applied by
   * open(). A GIF (`keep`) has no EXIF and re-encoding would cost its palette, so it
   * is kept byte-for-byte.
   */
  private async encode(
    format: ImageFormat,
    image: () => Sharp,
    { keep, streaming }: { keep?: Buffer | undefined; streaming: boolean },
  ): Promise<Buffer> {
    if (keep) return keep;
    try {
      const img = image();
      // mozjpeg and Huffman optimisation hold every coefficient of the image (320 MB and
      // 1.2 s for 35 MP): kept for copies within IMAGE_MAX_EDGE; a larger download streams.
      const jpeg = streaming ? { quality: 92, optimiseCoding: false } : { quality: 92, mozjpeg: true };
      if (format === 'jpeg') return await img.jpeg(jpeg).toBuffer();
      if (format === 'webp') return await img.webp({ quality: 90 }).toBuffer();
      if (format === 'gif') return await img.gif().toBuffer();
      return await img.png().toBuffer();
    } catch (err) {
      throw this.refusal(err);
    }
  }

  private async thumbnail(data: Buffer, format: 'jpeg' | 'png' | 'webp', thumbSizeKb?: number): Promise<Buffer> {
    const render = (quality: number) =>
      this.open(data, false)
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
    } catch (err) {
      // Decodable headers but a corrupt body.
      throw this.refusal(err);
    }
  }
}
