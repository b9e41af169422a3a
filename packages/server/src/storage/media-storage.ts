/**
 * Where uploaded media lives (issue 23 point 1): images with their thumbnails and full-size
 * copies, files, voice, videos and their posters, link-preview images, avatars. Every
 * service reads and writes media through this one interface; a backend is an adapter
 * (`local-storage.ts`: DATA_DIR/uploads, `s3-storage.ts`: S3-compatible object storage),
 * picked once from the settings by `index.ts`.
 *
 * A key is the upload URL's path below UPLOADS_PATH with the file name decoded
 * (`2026/11/<hex>.jpg`, `files/2026/11/<hex>/Q&A.pdf`): the same key names the same object
 * on every backend, so URLs never change with the backend.
 */
import type { Readable } from 'node:stream';

/** A stored object as a download needs it. */
export interface MediaObject {
  size: number;
  modified: Date;
  /** A strong validator of these bytes (quoted, as in an ETag header). */
  etag: string;
}

/** Inclusive byte positions, as in a Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ListedObject {
  key: string;
  size: number;
  modified: Date;
}

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /**
   * Streams `body` into `key` (never whole in memory) and resolves with the bytes stored.
   * On any failure (the body broke off, the backend refused) nothing is left under `key`.
   * An existing key is never overwritten: upload names are random and never reused.
   */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<number>;
  /** The object's size and validators; undefined when there is none. */
  stat(key: string): Promise<MediaObject | undefined>;
  /** The object's bytes, or one range of them; rejects when the object is gone. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Deletes the object; nothing there is not an error. */
  remove(key: string): Promise<void>;
  /** Every stored object (backup, the storage bench); order unspecified. */
  list(): AsyncIterable<ListedObject>;
  /** Resolves when the backend answers (`/readyz`). */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** The backend did not answer or failed (not a missing object): a 503 with Retry-After, not a 500. */
export class MediaUnavailable extends Error {
  constructor(cause: unknown) {
    super(`media storage unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MediaUnavailable';
  }
}
