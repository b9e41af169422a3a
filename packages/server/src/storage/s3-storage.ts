/**
 * Media in S3-compatible object storage (AWS S3, MinIO, Ceph RGW, R2) through the official
 * AWS SDK. Streams go up in 5 MiB parts (lib-storage's Upload: at most `queueSize` parts in
 * memory, never the whole file); downloads are streamed through Parley (docs/MEDIA-STORAGE.md).
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from './config.js';
import { byteCounter } from './local-storage.js';
import {
  MediaUnavailable,
  type ByteRange,
  type ListedObject,
  type MediaObject,
  type MediaStorage,
} from './media-storage.js';

const PART_BYTES = 5 * 1024 * 1024; // S3's smallest part
const PARTS_IN_FLIGHT = 2;

async function unavailable<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    throw new MediaUnavailable(err);
  }
}

const notFound = (err: unknown): boolean =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound');

export class S3Storage implements MediaStorage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      // Checksums only where S3 requires them: many S3-compatible servers refuse the newer
      // default trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 3_000 },
    });
  }

  private objectKey(key: string): string {
    return this.prefix + key;
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<number> {
    if (Buffer.isBuffer(body)) {
      // Images and thumbnails are encoded in memory already: one PUT.
      await unavailable(() =>
        this.client.send(
          new PutObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Body: body, ContentType: contentType }),
        ),
      );
      return body.length;
    }
    const counter = byteCounter();
    let bodyFailed = false;
    body.once('error', (err) => {
      bodyFailed = true;
      counter.destroy(err);
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.objectKey(key), Body: body.pipe(counter), ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      // A broken upload aborts its multipart upload: no parts are left to pay for.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      // The rest of the request is drained, not left hanging on a pipe nobody reads.
      body.unpipe(counter);
      body.resume();
      // A single-part upload that failed after its PUT landed (rare): make sure it is gone.
      await this.remove(key).catch(() => undefined);
      // The client going away is the request's failure; anything else is the storage's.
      throw bodyFailed ? err : new MediaUnavailable(err);
    }
    return counter.bytes;
  }

  async stat(key: string): Promise<MediaObject | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return {
        size: head.ContentLength ?? 0,
        modified: head.LastModified ?? new Date(0),
        etag: head.ETag ?? `"${(head.ContentLength ?? 0).toString(16)}"`,
      };
    } catch (err) {
      if (notFound(err)) return undefined;
      throw new MediaUnavailable(err);
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const res = await unavailable(() =>
      this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      ),
    );
    if (!(res.Body instanceof Readable)) throw new Error('S3 GetObject gave no Node stream');
    return res.Body;
  }

  async remove(key: string): Promise<void> {
    await unavailable(() =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) })),
    );
  }

  async *list(): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          ...(this.prefix ? { Prefix: this.prefix } : {}),
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const o of page.Contents ?? []) {
        if (!o.Key) continue;
        yield { key: o.Key.slice(this.prefix.length), size: o.Size ?? 0, modified: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
