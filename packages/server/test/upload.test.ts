/** POST /image/upload: real type detection, thumbnail, static serving, size limit, nothing stored on failure. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limits, UPLOADS_PATH } from '@parley/protocol';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { listUploads, startServer, type TestServer } from './support/server.js';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 255, g: 211, b: 15, alpha: 1 } } })
    .png()
    .toBuffer();

const form = (data: Buffer, filename: string, type: string) => {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(data)], { type }), filename);
  return f;
};

describe('image upload', () => {
  let ts: TestServer;
  let client: ApiClient;
  let u: TestUser;
  beforeAll(async () => {
    ts = await startServer();
    client = new ApiClient(ts.url);
    u = await registerUser(client);
  });
  afterAll(() => ts?.close());

  it('stores a PNG and a thumbnail, both served with the right content type and long caching', async () => {
    const data = await png(800, 400);
    const result = await client.ok('imageUpload', {
      token: u.tokens.accessToken,
      form: form(data, 'a.txt', 'text/plain'),
    });
    expect(result).toMatchObject({ width: 800, height: 400 });
    expect(result.originUrl).toMatch(new RegExp(`^${UPLOADS_PATH}/\\d{4}/\\d{2}/[0-9a-f]{32}\\.png$`));
    expect(result.thumbUrl).toMatch(/_thumb\.png$/);

    const origin = await fetch(ts.url + result.originUrl);
    expect(origin.status).toBe(200);
    expect(origin.headers.get('content-type')).toBe('image/png');
    expect(origin.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await origin.arrayBuffer()).equals(data)).toBe(true);

    const thumb = await fetch(ts.url + result.thumbUrl);
    expect(thumb.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([Limits.THUMB_MAX_EDGE, Limits.THUMB_MAX_EDGE / 2]);
  });

  it('a JPEG gets a JPEG thumbnail', async () => {
    const jpeg = await sharp({ create: { width: 100, height: 300, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const result = await client.ok('imageUpload', {
      token: u.tokens.accessToken,
      form: form(jpeg, 'photo.jpg', 'image/jpeg'),
    });
    expect(result).toMatchObject({ width: 100, height: 300 });
    expect(result.originUrl).toMatch(/\.jpg$/);
    const thumb = await fetch(ts.url + result.thumbUrl);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
  });

  it('a photo loses its EXIF (GPS, device) and is stored upright', async () => {
    // Orientation 6: stored sideways, displayed rotated 90°; plus a GPS tag.
    const jpeg = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#aa3300' } })
      .jpeg()
      .withExifMerge({ IFD0: { Make: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'N' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif?.toString('latin1')).toContain('SpyCam');
    const result = await client.ok('imageUpload', {
      token: u.tokens.accessToken,
      form: form(jpeg, 'photo.jpg', 'image/jpeg'),
    });
    expect(result).toMatchObject({ width: 100, height: 300 });
    const stored = Buffer.from(await (await fetch(ts.url + result.originUrl)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([100, 300]);
  });

  it('a text file named .png → fileTypeNotAllowed, nothing stored', async () => {
    const before = await listUploads(ts.dataDir);
    const res = await client.call('imageUpload', {
      token: u.tokens.accessToken,
      form: form(Buffer.from('hello, not an image'), 'evil.png', 'image/png'),
    });
    expect([res.status, res.body.key]).toEqual([400, 'fileTypeNotAllowed']);
    expect(await listUploads(ts.dataDir)).toEqual(before);
  });

  it('an SVG is not accepted', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const res = await client.call('imageUpload', {
      token: u.tokens.accessToken,
      form: form(svg, 'a.svg', 'image/svg+xml'),
    });
    expect(res.body.key).toBe('fileTypeNotAllowed');
  });

  it('no file → fileMissing; no token → 401', async () => {
    const empty = new FormData();
    empty.append('other', 'x');
    const res = await client.call('imageUpload', { token: u.tokens.accessToken, form: empty });
    expect([res.status, res.body.key]).toEqual([400, 'fileMissing']);
    const json = await client.call('imageUpload', { token: u.tokens.accessToken, body: {} });
    expect(json.body.key).toBe('fileMissing');
    const anon = await client.call('imageUpload', { form: form(await png(10, 10), 'a.png', 'image/png') });
    expect(anon.status).toBe(401);
  });
});

describe('upload size limit', () => {
  let ts: TestServer;
  let client: ApiClient;
  let u: TestUser;
  const MAX = 2048;
  beforeAll(async () => {
    ts = await startServer({ uploadMaxBytes: MAX });
    client = new ApiClient(ts.url);
    u = await registerUser(client);
  });
  afterAll(() => ts?.close());

  it('over UPLOAD_MAX_BYTES → 413 fileTooLarge, nothing stored; under it works', async () => {
    // Random pixels do not compress, so this PNG is well over the limit.
    const noisy = await sharp(Buffer.from(Array.from({ length: 64 * 64 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 64, height: 64, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(MAX);
    const res = await client.call('imageUpload', {
      token: u.tokens.accessToken,
      form: form(noisy, 'big.png', 'image/png'),
    });
    expect([res.status, res.body.code, res.body.key]).toEqual([413, 413, 'fileTooLarge']);
    expect(await listUploads(ts.dataDir)).toEqual([]);

    const small = await png(8, 8);
    expect(small.length).toBeLessThan(MAX);
    await client.ok('imageUpload', { token: u.tokens.accessToken, form: form(small, 'small.png', 'image/png') });
    expect(await listUploads(ts.dataDir)).toHaveLength(2);
  });
});
