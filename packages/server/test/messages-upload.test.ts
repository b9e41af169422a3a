/** POST /file/upload and /video/upload: storage, download headers, container detection, form fields, size cap. */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { listUploads, startServer, type TestServer } from './support/server.js';
import { bytes, form, mp4 } from './support/upload-forms.js';

const MAX = 64 * 1024;

const mov = () => Buffer.concat([Buffer.from('00000014667479707174202000000000', 'hex'), bytes(2048)]);
const webm = () => Buffer.concat([Buffer.from('1a45dfa3', 'hex'), bytes(2048)]);

let ts: TestServer;
let client: ApiClient;
let u: TestUser;
const tok = () => u.tokens.accessToken;

beforeAll(async () => {
  ts = await startServer({ uploadMaxBytes: MAX });
  client = new ApiClient(ts.url);
  u = await registerUser(client);
});
afterAll(() => ts?.close());

/** Asserts a refusal and that DATA_DIR/uploads is unchanged (no file, no empty folder). */
async function refusedUpload(name: 'fileUpload' | 'videoUpload', f: FormData, key: string, status = 400) {
  const before = await listUploads(ts.dataDir);
  const dirsBefore = await fs.readdir(path.join(ts.dataDir, 'uploads'), { recursive: true });
  const res = await client.call(name, { token: tok(), form: f });
  expect([res.status, res.body.code, res.body.key]).toEqual([status, status, key]);
  expect(await listUploads(ts.dataDir)).toEqual(before);
  const dirsAfter = await fs.readdir(path.join(ts.dataDir, 'uploads'), { recursive: true });
  expect(dirsAfter.filter((d) => /[0-9a-f]{32}$/.test(d)).sort()).toEqual(
    dirsBefore.filter((d) => /[0-9a-f]{32}$/.test(d)).sort(),
  );
  return res;
}

describe('file upload', () => {
  it('stores any file under its name and serves it as an attachment with the right type', async () => {
    const data = bytes(3000);
    const url = await client.ok('fileUpload', {
      token: tok(),
      form: form([['file', data, 'Résumé final (v2).pdf', 'application/pdf']]),
    });
    expect(url).toMatch(/^\/uploads\/files\/\d{4}\/\d{2}\/[0-9a-f]{32}\/R%C3%A9sum%C3%A9%20final%20\(v2\)\.pdf$/);
    const res = await fetch(ts.url + url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ final (v2).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20final%20%28v2%29.pdf`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
  });

  it('a voice recording (audio/mpeg, "<day>.mp3") plays as audio/mpeg', async () => {
    const url = await client.ok('fileUpload', {
      token: tok(),
      form: form([['file', bytes(500), '14.mp3', 'audio/mpeg']]),
    });
    expect(url).toMatch(/\/14\.mp3$/);
    const res = await fetch(ts.url + url);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
  });

  it('HTML, SVG and executables download as octet-stream; hostile names are made safe', async () => {
    for (const [name, stored] of [
      ['page.html', 'page.html'],
      ['x.svg', 'x.svg'],
      ['setup.exe', 'setup.exe'],
      ['../../etc/passwd', 'passwd'],
      ['..\\..\\win.ini', 'win.ini'],
      ['.hidden', 'hidden'],
      ['a<b>:c|?*.txt', 'a_b__c___.txt'],
    ] as const) {
      const url = await client.ok('fileUpload', {
        token: tok(),
        form: form([['file', Buffer.from('<b>hi</b>'), name]]),
      });
      expect(decodeURIComponent(url.split('/').at(-1)!)).toBe(stored);
      const res = await fetch(ts.url + url);
      expect(res.status).toBe(200);
      if (!stored.endsWith('.txt')) expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
    }
  });

  it('a very long name is cut, keeping the extension', async () => {
    const url = await client.ok('fileUpload', {
      token: tok(),
      form: form([['file', bytes(10), `${'ü'.repeat(300)}.docx`]]),
    });
    const name = decodeURIComponent(url.split('/').at(-1)!);
    expect(name.endsWith('.docx')).toBe(true);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(180);
  });

  it('other form parts are skipped; no file, an empty file, or a file over the cap are refused with nothing kept', async () => {
    const url = await client.ok('fileUpload', {
      token: tok(),
      form: form([
        ['note', 'x'],
        ['other', bytes(10), 'skip.bin'],
        ['file', bytes(10), 'keep.bin'],
      ]),
    });
    expect(url).toMatch(/\/keep\.bin$/);
    await refusedUpload('fileUpload', form([['note', 'x']]), 'fileMissing');
    await refusedUpload('fileUpload', form([['file', Buffer.alloc(0), 'empty.txt']]), 'fileMissing');
    const big = await refusedUpload('fileUpload', form([['file', bytes(MAX + 1), 'big.zip']]), 'fileTooLarge', 413);
    expect(big.body.message).toContain('1 MB');
    const json = await client.call('fileUpload', { token: tok(), body: {} });
    expect(json.body.key).toBe('fileMissing');
    expect((await client.call('fileUpload', { form: form([['file', bytes(5), 'a.bin']]) })).status).toBe(401);
  });
});

describe('video upload', () => {
  it('MP4 by its ftyp box, with client-measured size and duration from fields (even after the file part)', async () => {
    const data = mp4();
    const result = await client.ok('videoUpload', {
      token: tok(),
      form: form([
        ['width', '1280'],
        ['file', data, 'clip.txt', 'text/plain'],
        ['height', '720'],
        ['duration', '12.5'],
      ]),
    });
    expect(result).toEqual({
      videoUrl: expect.stringMatching(/^\/uploads\/videos\/\d{4}\/\d{2}\/[0-9a-f]{32}\.mp4$/),
      coverUrl: '',
      width: 1280,
      height: 720,
      duration: 12.5,
    });
    const res = await fetch(ts.url + result.videoUrl, { headers: { range: 'bytes=0-11' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(data.subarray(0, 12))).toBe(true);
  });

  it('MOV and WebM are recognised; a cover image is stored and lends its size', async () => {
    const movResult = await client.ok('videoUpload', { token: tok(), form: form([['file', mov(), 'a.mov']]) });
    expect(movResult.videoUrl).toMatch(/\.mov$/);
    expect(movResult).toMatchObject({ coverUrl: '', width: 0, height: 0, duration: 0 });

    const cover = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const result = await client.ok('videoUpload', {
      token: tok(),
      form: form([
        ['file', webm(), 'a.webm', 'video/webm'],
        ['cover', cover, 'cover.jpg', 'image/jpeg'],
        ['duration', '3'],
      ]),
    });
    expect(result.videoUrl).toMatch(/\.webm$/);
    expect(result.coverUrl).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
    expect(result).toMatchObject({ width: 64, height: 36, duration: 3 });
    expect((await fetch(ts.url + result.coverUrl)).headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(ts.url + result.videoUrl)).headers.get('content-type')).toBe('video/webm');
  });

  it('refusals keep nothing: text as video, bad cover, bad fields, no file, over the cap', async () => {
    await refusedUpload(
      'videoUpload',
      form([['file', Buffer.from('just some text, not a video'), 'a.mp4']]),
      'fileTypeNotAllowed',
    );
    await refusedUpload(
      'videoUpload',
      form([
        ['file', mp4(), 'a.mp4'],
        ['cover', Buffer.from('not an image'), 'c.jpg'],
      ]),
      'fileTypeNotAllowed',
    );
    await refusedUpload(
      'videoUpload',
      form([
        ['file', mp4(), 'a.mp4'],
        ['width', 'wide'],
      ]),
      'invalidParam',
    );
    await refusedUpload(
      'videoUpload',
      form([
        ['file', mp4(), 'a.mp4'],
        ['duration', '-1'],
      ]),
      'invalidParam',
    );
    await refusedUpload('videoUpload', form([['width', '5']]), 'fileMissing');
    await refusedUpload('videoUpload', form([['file', mp4(MAX), 'big.mp4']]), 'fileTooLarge', 413);
  });
});
