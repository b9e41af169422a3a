/**
 * Issue 23 point 1: media on the S3 backend, against a real S3-protocol server
 * (support/s3-server.ts). Every upload kind stored in the bucket and none on the disk;
 * downloads streamed through Parley with Range, content types and the sandbox headers;
 * refusals leave nothing in the bucket; `/readyz` follows the bucket; start-up checks.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, API_BASE, api, ComplaintTargetType, ComplaintType } from '@parley/protocol';
import { createBackup, readBackup } from '../src/backup/index.js';
import { mediaConfig } from '../src/storage/config.js';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { startChildServer } from './support/child-server.js';
import { startS3Server, type TestS3Server } from './support/s3-server.js';
import { listUploads, startServer, TEST_REDIS_URL, usingPostgres, type TestServer } from './support/server.js';
import { bytes, form, mp4 } from './support/upload-forms.js';

const MAX = 12 * 1024 * 1024; // room for a multipart upload (5 MiB parts)

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
const keyOf = (url: string) => decodeURIComponent(url.replace(/^\/uploads\//, ''));

let s3: TestS3Server;
let ts: TestServer;
let client: ApiClient;
let u: TestUser;
const tok = () => u.tokens.accessToken;

beforeAll(async () => {
  s3 = await startS3Server();
  ts = await startServer({ media: mediaConfig(s3.env), uploadMaxBytes: MAX });
  client = new ApiClient(ts.url);
  u = await registerUser(client);
});
afterAll(async () => {
  await ts?.close();
  await s3?.stop();
});

/** The sandbox of every upload download (security-headers.ts) and the immutable caching. */
function expectUploadHeaders(res: Response) {
  expect(res.headers.get('content-security-policy')).toContain('sandbox');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('cache-control')).toContain('immutable');
  expect(res.headers.get('accept-ranges')).toBe('bytes');
}

async function refused(name: 'fileUpload' | 'videoUpload' | 'imageUpload', f: FormData, key: string, status = 400) {
  const before = await s3.keys();
  const res = await client.call(name, { token: tok(), form: f });
  expect([res.status, res.body.key]).toEqual([status, key]);
  expect(await s3.keys()).toEqual(before);
}

describe('uploads on the S3 backend', () => {
  it('an image: view, full size and thumbnail in the bucket, none on the disk; served with its type and ranges', async () => {
    const data = await jpeg(5000, 600);
    const r = await client.ok('imageUpload', { token: tok(), form: form([['file', data, 'p.jpg', 'image/jpeg']]) });
    expect(r.downloadUrl).toMatch(/_full\.jpg$/);
    const keys = await s3.keys();
    for (const url of [r.originUrl, r.downloadUrl!, r.thumbUrl]) expect(keys).toContain(keyOf(url));
    expect(await listUploads(ts.dataDir)).toEqual([]);

    const view = await fetch(ts.url + r.originUrl);
    expect([view.status, view.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expectUploadHeaders(view);
    const viewBytes = Buffer.from(await view.arrayBuffer());
    expect((await sharp(viewBytes).metadata()).width).toBe(4096);

    const thumb = await fetch(ts.url + r.thumbUrl, { headers: { range: 'bytes=2-9' } });
    expect([thumb.status, thumb.headers.get('content-range')?.startsWith('bytes 2-9/')]).toEqual([206, true]);
    expect((await thumb.arrayBuffer()).byteLength).toBe(8);
  });

  it('a file: attachment under its name; Range, suffix range, 416, HEAD and a revalidation', async () => {
    const data = bytes(3000);
    const url = await client.ok('fileUpload', {
      token: tok(),
      form: form([['file', data, 'Q&A résumé.pdf', 'application/pdf']]),
    });
    expect(await s3.keys()).toContain(keyOf(url));
    const res = await fetch(ts.url + url);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Q&A r_sum_.pdf"; filename\*=/);
    expectUploadHeaders(res);
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);

    const part = await fetch(ts.url + url, { headers: { range: 'bytes=1000-1999' } });
    expect([part.status, part.headers.get('content-range')]).toEqual([206, 'bytes 1000-1999/3000']);
    expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(1000, 2000))).toBe(true);
    const tail = await fetch(ts.url + url, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(data.subarray(2990))).toBe(true);
    const past = await fetch(ts.url + url, { headers: { range: 'bytes=5000-' } });
    expect([past.status, past.headers.get('content-range')]).toEqual([416, 'bytes */3000']);
    const head = await fetch(ts.url + url, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, '3000']);
    const etag = res.headers.get('etag') ?? '';
    expect((await fetch(ts.url + url, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('a voice recording plays as audio/mpeg; a file past 5 MiB goes up in parts and comes back whole', async () => {
    const voice = await client.ok('fileUpload', { token: tok(), form: form([['file', bytes(900), '14.mp3']]) });
    const played = await fetch(ts.url + voice, { headers: { range: 'bytes=0-99' } });
    expect([played.status, played.headers.get('content-type')]).toEqual([206, 'audio/mpeg']);
    expect(played.headers.get('content-disposition')).toMatch(/^attachment; /);

    const big = bytes(11 * 1024 * 1024 + 123);
    const url = await client.ok('fileUpload', { token: tok(), form: form([['file', big, 'big.bin']]) });
    const back = Buffer.from(await (await fetch(ts.url + url)).arrayBuffer());
    expect(back.length).toBe(big.length);
    expect(back.equals(big)).toBe(true);
  });

  it('a video with its poster: inline, by its container, ranges', async () => {
    const data = mp4();
    const cover = await jpeg(64, 36);
    const r = await client.ok('videoUpload', {
      token: tok(),
      form: form([
        ['file', data, 'clip.bin'],
        ['cover', cover, 'c.jpg', 'image/jpeg'],
      ]),
    });
    expect(r.videoUrl).toMatch(/^\/uploads\/videos\/\d{4}\/\d{2}\/[0-9a-f]{32}\.mp4$/);
    expect(await s3.keys()).toEqual(expect.arrayContaining([keyOf(r.videoUrl), keyOf(r.coverUrl)]));
    const res = await fetch(ts.url + r.videoUrl, { headers: { range: 'bytes=0-11' } });
    expect([res.status, res.headers.get('content-type'), res.headers.get('content-disposition')]).toEqual([
      206,
      'video/mp4',
      null,
    ]);
    expectUploadHeaders(res);
    expect(Buffer.from(await res.arrayBuffer()).equals(data.subarray(0, 12))).toBe(true);
    expect((await fetch(ts.url + r.coverUrl)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('refused uploads leave nothing in the bucket', async () => {
    await refused('fileUpload', form([['file', bytes(MAX + 1), 'big.zip']]), 'fileTooLarge', 413);
    await refused('fileUpload', form([['file', Buffer.alloc(0), 'empty.txt']]), 'fileMissing');
    await refused(
      'videoUpload',
      form([['file', Buffer.from('just text, not a video'), 'a.mp4']]),
      'fileTypeNotAllowed',
    );
    await refused(
      'videoUpload',
      form([
        ['file', mp4(), 'a.mp4'],
        ['cover', Buffer.from('not an image'), 'c.jpg'],
      ]),
      'fileTypeNotAllowed',
    );
    await refused(
      'videoUpload',
      form([
        ['file', mp4(), 'a.mp4'],
        ['width', 'wide'],
      ]),
      'invalidParam',
    );
    await refused('imageUpload', form([['file', Buffer.from('<svg/>'), 'x.png']]), 'fileTypeNotAllowed');
  });

  it('an upload cut off halfway (7 of 9 MB sent, in parts already) leaves nothing in the bucket', async () => {
    const before = await s3.keys();
    const boundary = 'cutoff' + crypto.randomBytes(8).toString('hex');
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const size = 9 * 1024 * 1024;
    const { port } = new URL(ts.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST ${API_BASE}${api.fileUpload.path} HTTP/1.1\r\nHost: x\r\n${ACCESS_TOKEN_HEADER}: ${tok()}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + size + 64}\r\n\r\n`,
    );
    socket.write(head);
    for (let sent = 0; sent < 7 * 1024 * 1024; sent += 1024 * 1024) {
      await new Promise<void>((resolve) => socket.write(bytes(1024 * 1024), () => resolve()));
    }
    socket.destroy();
    // Never completed, the multipart upload makes no object (and is aborted); the node goes on.
    const after = await client.ok('fileUpload', { token: tok(), form: form([['file', bytes(10), 'after.txt']]) });
    expect(await s3.keys()).toEqual([...before, keyOf(after)].sort());
  });

  it('complaint evidence is checked in the bucket; unknown uploads are 404', async () => {
    const r = await client.ok('imageUpload', { token: tok(), form: form([['file', await jpeg(40, 40), 'e.jpg']]) });
    const missing = r.originUrl.replace(/[0-9a-f]{32}/, 'f'.repeat(32));
    expect((await fetch(ts.url + missing)).status).toBe(404);
    expect((await fetch(`${ts.url}/uploads/../secrets.json`)).status).toBe(404);
    const other = await registerUser(client);
    const base = {
      targetType: ComplaintTargetType.USER,
      targetId: other.id,
      targetName: '',
      type: ComplaintType.HARASSMENT,
      content: 'spam',
    };
    const ok = await client.call('complaintInitiate', { token: tok(), body: { ...base, images: [r.originUrl] } });
    expect(ok.status).toBe(200);
    const bad = await client.call('complaintInitiate', { token: tok(), body: { ...base, images: [missing] } });
    expect(bad.body.key).toBe('invalidParam');
  });

  // Last: it stops this file's S3 server.
  it('/readyz checks the bucket: ready while it answers, 503 once it is gone; downloads and uploads then 503, never 500', async () => {
    const url = await client.ok('fileUpload', { token: tok(), form: form([['file', bytes(10), 'a.txt']]) });
    const ready = await fetch(`${ts.url}/readyz`);
    expect([ready.status, ((await ready.json()) as { checks: Record<string, string> }).checks.storage]).toEqual([
      200,
      'ok',
    ]);
    await s3.stop();
    let body: { checks: Record<string, string> } | undefined;
    for (let i = 0; i < 200; i++) {
      const res = await fetch(`${ts.url}/readyz`);
      if (res.status === 503) {
        body = (await res.json()) as { checks: Record<string, string> };
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(body?.checks.storage).toMatch(/^(failed|timeout)$/);
    expect(body?.checks.database).toBe('ok');
    const download = await fetch(ts.url + url);
    expect([download.status, download.headers.get('retry-after')]).toEqual([503, '1']);
    const upload = await client.call('fileUpload', { token: tok(), form: form([['file', bytes(10), 'b.txt']]) });
    expect([upload.status, upload.body.key]).toEqual([503, 'serverOverloaded']);
    const image = await client.call('imageUpload', {
      token: tok(),
      form: form([['file', await jpeg(20, 20), 'c.jpg']]),
    });
    expect([image.status, image.body.key]).toEqual([503, 'serverOverloaded']);
  });
});

describe('start-up checks of the media settings', () => {
  it('strict settings: clear messages', () => {
    expect(() => mediaConfig({ MEDIA_STORAGE: 'disk' })).toThrow(/MEDIA_STORAGE must be local or s3/);
    expect(() => mediaConfig({ MEDIA_STORAGE: 's3' })).toThrow(/needs S3_BUCKET/);
    expect(() => mediaConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET must be/);
    expect(() => mediaConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'x' })).toThrow(/go together/);
    expect(() => mediaConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'b-1', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => mediaConfig({ S3_BUCKET: 'b-1' })).toThrow(/S3_BUCKET set but MEDIA_STORAGE is not s3/);
    expect(mediaConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'b-1', S3_PREFIX: '/parley/' })).toMatchObject({
      region: 'us-east-1',
      prefix: 'parley/',
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('a node with REDIS_URL and local media warns at start, naming MEDIA_STORAGE', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-media-warn-'));
    const prefix = `parley-t-${crypto.randomBytes(4).toString('hex')}:`;
    const node = await startChildServer({ DATA_DIR: dataDir, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix });
    try {
      await node.logged('MEDIA_STORAGE is local');
      expect(node.log()).toContain('Set MEDIA_STORAGE=s3');
    } finally {
      node.kill();
      await node.exited;
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('backup with media in object storage', () => {
  it('copies the database and secrets, no local media, and says the media is in the bucket', async () => {
    const s3b = await startS3Server();
    const node = await startServer({ media: mediaConfig(s3b.env) });
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-media-backup-'));
    try {
      const c = new ApiClient(node.url);
      const me = await registerUser(c);
      await c.ok('fileUpload', { token: me.tokens.accessToken, form: form([['file', bytes(100), 'a.txt']]) });
      // A stray local file is not the media of this node: it stays out.
      await fs.mkdir(path.join(node.dataDir, 'uploads'), { recursive: true });
      await fs.writeFile(path.join(node.dataDir, 'uploads', 'stray.txt'), 'x');
      const m = await createBackup(node.config, path.join(work, 'b'), { filesOnly: usingPostgres() });
      expect(m.media).toEqual({ count: 0, bytes: 0, files: [], objectStorage: true });
      expect((await readBackup(path.join(work, 'b'))).media.objectStorage).toBe(true);
    } finally {
      await node.close();
      await s3b.stop();
      await fs.rm(work, { recursive: true, force: true });
    }
  });
});
