/**
 * Upload hardening: image bombs (pixel cap before decoding, queued decoding, capped
 * viewing size), unreadable multipart bodies, file names that must download, and
 * media URLs that must be this server's uploads (avatars, complaints, messages).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComplaintTargetType, ComplaintType, Limits, MessageType, isUploadUrl } from '@parley/protocol';
import { loadConfig } from '../src/index.js';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { rowCount, sendBody } from './support/messages.js';
import { listUploads, startServer, type TestServer } from './support/server.js';

let ts: TestServer;
let client: ApiClient;
let u: TestUser;
let friend: TestUser;
const tok = () => u.tokens.accessToken;

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
  u = await registerUser(client);
  friend = await registerUser(client);
  await befriend(client, u, friend);
});
afterAll(() => ts?.close());

const imageForm = (data: Buffer, name = 'a.png', field = 'file') => {
  const f = new FormData();
  f.append(field, new Blob([new Uint8Array(data)]), name);
  return f;
};
const blank = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 });
/** 16000 × 16000 white pixels in about 760 KB; made once (encoding it takes seconds). */
let bombPng: Promise<Buffer> | undefined;
const bomb = () => (bombPng ??= blank(16_000, 16_000).toBuffer());
const uploadImage = async (data: Buffer) => client.ok('imageUpload', { token: tok(), form: imageForm(data) });
const fetchImage = async (url: string) => {
  const res = await fetch(ts.url + url);
  expect(res.status).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
};

describe('image bombs', () => {
  it('a 16000×16000 PNG (under 1 MB) is refused from its header: 400 imageTooLarge, quickly, nothing stored', async () => {
    const png = await bomb();
    expect(png.length).toBeLessThan(1024 * 1024);
    const before = await listUploads(ts.dataDir);
    const started = performance.now();
    const res = await client.call('imageUpload', { token: tok(), form: imageForm(png, 'bomb.png') });
    const ms = performance.now() - started;
    expect([res.status, res.body.code, res.body.key, res.body.params]).toEqual([
      400,
      400,
      'imageTooLarge',
      { maxMp: 40 },
    ]);
    expect(res.body.message).toBe('The image is too large (at most 40 megapixels)');
    expect(ms).toBeLessThan(1000); // decoding it took ~450 ms alone, and ~600 MB for four at once
    expect(await listUploads(ts.dataDir)).toEqual(before);
  });

  it('a 5000×3000 photo: viewers get at most 4096 px on the long edge; the full size stays for download, both without EXIF', async () => {
    const photo = await sharp({ create: { width: 5000, height: 3000, channels: 3, background: '#3a6' } })
      .jpeg()
      .withExifMerge({ IFD0: { Make: 'SpyCam' } })
      .toBuffer();
    const before = await listUploads(ts.dataDir);
    const r = await uploadImage(photo);
    expect(r).toMatchObject({ width: Limits.IMAGE_MAX_EDGE, height: 2458 });
    expect(r.originUrl).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
    expect(r.downloadUrl).toBe(r.originUrl.replace(/\.jpg$/, '_full.jpg'));
    const view = await fetchImage(r.originUrl);
    expect([view.width, view.height, view.exif]).toEqual([4096, 2458, undefined]);
    const full = await fetchImage(r.downloadUrl!);
    expect([full.width, full.height, full.exif]).toEqual([5000, 3000, undefined]);
    const thumb = await fetchImage(r.thumbUrl);
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(Limits.THUMB_MAX_EDGE);
    expect((await listUploads(ts.dataDir)).length).toBe(before.length + 3);
  });

  it('an image within 4096 px is stored once: downloadUrl is originUrl', async () => {
    const r = await uploadImage(await blank(4096, 100).toBuffer());
    expect(r).toMatchObject({ width: 4096, height: 100, downloadUrl: r.originUrl });
  });

  it('a video cover over the cap is refused like an image, and the video is not kept', async () => {
    const before = await listUploads(ts.dataDir);
    const f = new FormData();
    f.append('file', new Blob([Buffer.from('00000018667479706d703432000000000000', 'hex')]), 'a.mp4');
    f.append('cover', new Blob([new Uint8Array(await bomb())]), 'cover.png');
    const res = await client.call('videoUpload', { token: tok(), form: f });
    expect([res.status, res.body.key]).toEqual([400, 'imageTooLarge']);
    expect(await listUploads(ts.dataDir)).toEqual(before);
  });

  it('IMAGE_MAX_PIXELS and IMAGE_CONCURRENCY come from the environment (defaults 40 MP and 2)', () => {
    expect(loadConfig({})).toMatchObject({ imageMaxPixels: 40_000_000, imageConcurrency: 2 });
    expect(loadConfig({ IMAGE_MAX_PIXELS: '1000000', IMAGE_CONCURRENCY: '3' })).toMatchObject({
      imageMaxPixels: 1_000_000,
      imageConcurrency: 3,
    });
  });
});

describe('image limits by configuration', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startServer({ imageMaxPixels: 1_000_000, imageConcurrency: 1 });
  });
  afterAll(() => small?.close());

  it('the cap is configurable; parallel uploads queue one at a time and all succeed', async () => {
    const c = new ApiClient(small.url);
    const me = await registerUser(c);
    const over = await c.call('imageUpload', {
      token: me.tokens.accessToken,
      form: imageForm(await blank(1001, 1000).toBuffer()),
    });
    expect([over.status, over.body.key, over.body.params]).toEqual([400, 'imageTooLarge', { maxMp: 1 }]);
    const image = await blank(1000, 1000).toBuffer();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => c.ok('imageUpload', { token: me.tokens.accessToken, form: imageForm(image) })),
    );
    expect(results.every((r) => r.width === 1000)).toBe(true);
    expect(small.server.services.uploads.gate.peak).toBe(1);
  });
});

describe('malformed multipart bodies', () => {
  const part = (body: string) =>
    `--abc\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n` +
    `Content-Type: application/octet-stream\r\n\r\n${body}`;
  const bodies: [string, string, string][] = [
    ['no boundary', 'multipart/form-data', part('x')],
    ['a wrong boundary', 'multipart/form-data; boundary=zzz', part('hello\r\n--abc--\r\n')],
    ['no parts at all', 'multipart/form-data; boundary=abc', 'garbage'],
    ['a truncated body', 'multipart/form-data; boundary=abc', part('\x00\x00\x00\x18ftypmp42 and then it stops')],
  ];
  for (const endpoint of ['image', 'file', 'video']) {
    it.each(bodies)(`/${endpoint}/upload with %s → 400 invalidMultipart, nothing stored`, async (_name, type, body) => {
      const before = await listUploads(ts.dataDir);
      const res = await fetch(`${ts.url}/api/${endpoint}/upload`, {
        method: 'POST',
        headers: { 'content-type': type, accessToken: tok() },
        body,
      });
      const reply = (await res.json()) as { code: number; key: string; message: string };
      expect([res.status, reply.code, reply.key]).toEqual([400, 400, 'invalidMultipart']);
      expect(reply.message).toBe('The upload could not be read');
      expect(await listUploads(ts.dataDir)).toEqual(before);
    });
  }
});

describe('file names that upload also download', () => {
  const names = [
    'Q&A.pdf',
    'a=b.txt',
    'a+b.txt',
    'a,b.txt',
    'user@example.txt',
    'price $5.txt',
    'a;b.txt',
    'a#b.txt',
    '100%.txt',
    '50% off & more.pdf',
    'a%20b.txt',
    '%C3%A9.txt',
    "it's (final)!~.docx",
    'Ünïcødé 日本語 файл.txt',
    'party 🎉.png',
    'a+b=c&d,e;f@g$h#i%j.bin',
  ];
  it.each(names)('%s', async (name) => {
    const data = crypto.randomBytes(64);
    const f = new FormData();
    f.append('file', new Blob([new Uint8Array(data)]), name);
    const url = await client.ok('fileUpload', { token: tok(), form: f });
    expect(isUploadUrl(url, 'file')).toBe(true);
    const res = await fetch(ts.url + url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '')).toBe(name);
    expect((await fetch(ts.url + url, { method: 'HEAD' })).status).toBe(200);
  });

  it('an escaped slash or dot-dot in the name never leaves the folder', async () => {
    await fs.writeFile(path.join(ts.dataDir, 'uploads', 'files', 'secret.txt'), 'secret');
    const dir = `/uploads/files/2025/01/${'a'.repeat(32)}`;
    for (const tail of ['..%2F..%2F..%2Fsecret.txt', '%2E%2E', '..%5Csecret.txt', '%E0%A4', '.hidden']) {
      const res = await fetch(`${ts.url}${dir}/${tail}`);
      // 400 when the router itself cannot decode the path (%E0%A4).
      expect([tail, res.status === 404 || res.status === 400]).toEqual([tail, true]);
      expect(await res.text()).not.toContain('secret');
    }
  });
});

describe('media URLs must be uploads of this server', () => {
  const hex = () => crypto.randomBytes(16).toString('hex');
  const foreign = [
    '//evil.example/x.png',
    '/\\evil.example',
    '/\\evil.example/x.png',
    'https://evil.example/a.png',
    'http://evil.example/a.png',
    '/uploads/../secrets.json',
    '/uploads/2025/01/../../secrets.json',
    `/uploads/2025/01/${hex()}.png?x=1`,
    `/uploads/2025/01/${hex()}.svg`,
    `/uploads/files/2025/01/${hex()}/a.png`,
    '/api/user/self',
    'javascript:alert(1)',
  ];

  it('the predicate: exact upload shapes by kind', () => {
    expect(isUploadUrl(`/uploads/2025/01/${hex()}.png`, 'image')).toBe(true);
    expect(isUploadUrl(`/uploads/2025/01/${hex()}_thumb.webp`, 'image')).toBe(true);
    expect(isUploadUrl(`/uploads/files/2025/01/${hex()}/Q%26A.pdf`, 'file')).toBe(true);
    expect(isUploadUrl(`/uploads/videos/2025/01/${hex()}.mp4`, 'video')).toBe(true);
    expect(isUploadUrl(`/uploads/videos/2025/01/${hex()}.mp4`, 'image')).toBe(false);
    expect(isUploadUrl(`/uploads/files/2025/01/${hex()}/..%2Fx`)).toBe(false);
    for (const url of foreign) expect([url, isUploadUrl(url, 'image')]).toEqual([url, false]);
  });

  it('avatar: anything else → 400 invalidParam (rule uploadUrl), profile unchanged; an upload or empty passes', async () => {
    const image = await uploadImage(await blank(64, 64).toBuffer());
    const nickName = u.user.nickName;
    await client.ok('userUpdate', {
      token: tok(),
      body: { nickName, headImage: image.originUrl, headImageThumb: image.thumbUrl },
    });
    for (const field of ['headImage', 'headImageThumb']) {
      for (const url of foreign) {
        const res = await client.call('userUpdate', { token: tok(), body: { nickName, [field]: url } });
        expect([url, res.status, res.body.key, res.body.params]).toEqual([
          url,
          400,
          'invalidParam',
          { field, rule: 'uploadUrl' },
        ]);
      }
    }
    const self = await client.ok('userSelf', { token: tok() });
    expect([self.headImage, self.headImageThumb]).toEqual([image.originUrl, image.thumbUrl]);
    await client.ok('userUpdate', { token: tok(), body: { nickName, headImage: '', headImageThumb: '' } });
  });

  it('complaint images: anything else → 400 invalidParam (rule uploadUrl), nothing stored', async () => {
    const count = async () => (await client.ok('complaintPage', { token: tok() })).length;
    const before = await count();
    const image = (await uploadImage(await blank(32, 32).toBuffer())).originUrl;
    for (const url of foreign) {
      const res = await client.call('complaintInitiate', {
        token: tok(),
        body: {
          targetType: ComplaintTargetType.USER,
          targetId: friend.id,
          type: ComplaintType.HARASSMENT,
          images: [image, url],
          content: 'tracking pixel',
        },
      });
      expect([url, res.status, res.body.key, res.body.params]).toEqual([
        url,
        400,
        'invalidParam',
        { field: 'images.1', rule: 'uploadUrl' },
      ]);
    }
    expect(await count()).toBe(before);
  });

  it('messages: image, file, audio, video and card cover URLs must be uploads; a card link may be outside', async () => {
    const image = await uploadImage(await blank(32, 32).toBuffer());
    const { originUrl, thumbUrl, downloadUrl } = image;
    const imageContent = { originUrl, thumbUrl, width: 32, height: 32, downloadUrl };
    const fileUrl = `/uploads/files/2025/01/${hex()}/a.pdf`;
    const videoUrl = `/uploads/videos/2025/01/${hex()}.mp4`;
    const card = { cover: image.originUrl, title: 'Parley', link: 'https://example.com/page' };
    const send = (type: number, content: unknown) =>
      client.call('privateSend', { token: tok(), body: sendBody(friend.id, type, JSON.stringify(content)) });
    const before = await rowCount(ts);
    // A file upload is no image: refused as an image or cover, fine as a file (checked below).
    for (const url of foreign) {
      const refused: [number, unknown][] = [
        [MessageType.IMAGE, { ...imageContent, originUrl: url }],
        [MessageType.IMAGE, { ...imageContent, thumbUrl: url }],
        [MessageType.IMAGE, { ...imageContent, downloadUrl: url }],
        [MessageType.VIDEO, { videoUrl: url, coverUrl: '', width: 1, height: 1, duration: 1 }],
        [MessageType.VIDEO, { videoUrl, coverUrl: url, width: 1, height: 1, duration: 1 }],
        [MessageType.CARD, { ...card, cover: url }],
      ];
      if (!isUploadUrl(url))
        refused.push([MessageType.FILE, { name: 'a.pdf', size: 1, url }], [MessageType.AUDIO, { duration: 3, url }]);
      for (const [type, content] of refused) {
        const res = await send(type, content);
        expect([url, type, res.status, res.body.key]).toEqual([url, type, 400, 'invalidContent']);
      }
    }
    expect(await rowCount(ts)).toBe(before);
    for (const [type, content] of [
      [MessageType.IMAGE, imageContent],
      [MessageType.FILE, { name: 'a.pdf', size: 1, url: fileUrl }],
      [MessageType.AUDIO, { duration: 3, url: fileUrl }],
      [MessageType.VIDEO, { videoUrl, coverUrl: '', width: 1, height: 1, duration: 1 }],
      [MessageType.CARD, card],
    ] as const) {
      const res = await send(type, content);
      expect([type, res.status]).toEqual([type, 200]);
      expect(JSON.parse(res.body.data.content)).toMatchObject(content);
    }
  });
});
