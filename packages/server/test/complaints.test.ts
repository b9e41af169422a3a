/** Complaints over HTTP: validation (each rule, nothing stored), targets, evidence images, paging, info, review. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPLAINT_PAGE_SIZE,
  ComplaintStatus,
  ComplaintTargetType,
  ComplaintType,
  SuccessMessages,
  Timing,
  formatCatalogueMessage,
} from '@parley/protocol';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { startServer, type TestServer } from './support/server.js';

let ts: TestServer;
let client: ApiClient;
let a: TestUser;
let b: TestUser;
let image: string;
const tok = (u: TestUser) => u.tokens.accessToken;

async function refused(res: Promise<{ status: number; body: { code: number; key?: string } }>, key: string) {
  const { status, body } = await res;
  expect([status, body.code, body.key]).toEqual([400, 400, key]);
}

const valid = () => ({
  targetType: ComplaintTargetType.USER,
  targetId: b.id,
  targetName: 'whatever the client says',
  type: ComplaintType.HARASSMENT,
  images: [] as string[],
  content: 'Sends me spam every day',
});
const initiate = (u: TestUser, body: unknown) => client.call('complaintInitiate', { token: tok(u), body });
const page = (u: TestUser, query: Record<string, string | number> = {}) =>
  client.ok('complaintPage', { token: tok(u), query });
const countAll = async () =>
  Number(
    (
      await ts.server.db.kysely
        .selectFrom('complaints')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
  a = await registerUser(client, { nickName: 'Reporter' });
  b = await registerUser(client, { nickName: 'Spammer' });
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'evidence.png');
  image = (await client.ok('imageUpload', { token: tok(a), form })).originUrl;
});
afterAll(() => ts?.close());

describe('initiate: refusals store nothing', () => {
  it.each([
    ['blank content', { content: '' }, 'complaintContentBlank'],
    ['whitespace content', { content: '   ' }, 'complaintContentBlank'],
    ['missing content', { content: undefined }, 'complaintContentBlank'],
    ['content over 512', { content: 'x'.repeat(513) }, 'complaintContentLength'],
    ['10 images', { images: Array.from({ length: 10 }, () => '/uploads/x.png') }, 'complaintImagesTooMany'],
    ['a foreign image URL', { images: ['https://evil.example/x.png'] }, 'invalidParam'],
    ['a path outside uploads', { images: ['/uploads/../secrets.json'] }, 'invalidParam'],
    ['a non-upload path', { images: ['/api/user/self'] }, 'invalidParam'],
    [
      'an upload that does not exist',
      { images: ['/uploads/2020/01/00000000000000000000000000000000.png'] },
      'invalidParam',
    ],
    ['an unknown reason type', { type: 5 }, 'invalidParam'],
    ['an unknown target type', { targetType: 3 }, 'invalidParam'],
    ['a bad target id', { targetId: 0 }, 'invalidParam'],
  ])('%s → %s', async (_name, patch, key) => {
    const before = await countAll();
    await refused(initiate(a, { ...valid(), ...patch }), key);
    expect(await countAll()).toBe(before);
  });

  it('myself → cannotReportSelf; a missing user → userNotExist; a group never joined → groupNotExist', async () => {
    const before = await countAll();
    await refused(initiate(a, { ...valid(), targetId: a.id }), 'cannotReportSelf');
    await refused(initiate(a, { ...valid(), targetId: 99_999_999 }), 'userNotExist');
    await refused(initiate(a, { ...valid(), targetType: ComplaintTargetType.GROUP, targetId: 1 }), 'groupNotExist');
    expect(await countAll()).toBe(before);
    expect(await page(a)).toEqual([]);
  });
});

describe('initiate, page, info, review', () => {
  it('stores a pending complaint with 512 characters and 9 images; the reply promises verification in 24 hours', async () => {
    const body = { ...valid(), content: 'y'.repeat(512), images: Array.from({ length: 9 }, () => image) };
    const res = await initiate(a, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 200,
      data: null,
      key: 'complaintSubmitted',
      params: { hours: Timing.COMPLAINT_VERIFY_HOURS },
      message: formatCatalogueMessage(SuccessMessages.complaintSubmitted, { hours: 24 }),
    });
    expect(res.body.message).toContain('24 hours');

    const [stored] = await page(a);
    expect(stored).toEqual({
      id: expect.any(Number),
      targetType: ComplaintTargetType.USER,
      targetId: b.id,
      // The server's name for the target, not the client's.
      targetName: 'Spammer',
      type: ComplaintType.HARASSMENT,
      images: body.images,
      content: body.content,
      status: ComplaintStatus.PENDING,
      resolution: '',
      createTime: expect.any(Number),
      resolveTime: null,
    });
    expect(await client.ok('complaintInfo', { token: tok(a), query: { id: stored!.id } })).toEqual(stored);
  });

  it("info: another user's complaint or a missing id → complaintNotExist", async () => {
    const [mine] = await page(a);
    await refused(client.call('complaintInfo', { token: tok(b), query: { id: mine!.id } }), 'complaintNotExist');
    await refused(client.call('complaintInfo', { token: tok(a), query: { id: 99_999_999 } }), 'complaintNotExist');
    expect(await page(b)).toEqual([]);
  });

  it('pages newest first, 10 a page, below maxPageId, with a status filter', async () => {
    const u = await registerUser(client, { nickName: 'Pager' });
    for (let i = 1; i <= 12; i++) {
      await client.ok('complaintInitiate', { token: tok(u), body: { ...valid(), content: `complaint ${i}` } });
    }
    const first = await page(u);
    expect(first).toHaveLength(COMPLAINT_PAGE_SIZE);
    expect(first.map((c) => c.content)).toEqual(Array.from({ length: 10 }, (_, i) => `complaint ${12 - i}`));
    const ids = first.map((c) => c.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    const second = await page(u, { maxPageId: ids.at(-1)! });
    expect(second.map((c) => c.content)).toEqual(['complaint 2', 'complaint 1']);
    expect(await page(u, { maxPageId: second.at(-1)!.id })).toEqual([]);

    const { complaints } = ts.server.services;
    await complaints.review(ids[0]!, ComplaintStatus.RESOLVED, 'Account warned');
    await complaints.review(ids[3]!, ComplaintStatus.REJECTED, 'No violation found');
    expect((await page(u, { status: ComplaintStatus.RESOLVED })).map((c) => c.id)).toEqual([ids[0]]);
    expect((await page(u, { status: ComplaintStatus.REJECTED })).map((c) => c.id)).toEqual([ids[3]]);
    expect(await page(u, { status: ComplaintStatus.PENDING })).toHaveLength(10);
    const res = await client.call('complaintPage', { token: tok(u), query: { status: 7 } });
    expect(res.body.key).toBe('invalidParam');
  });

  it('after review, info shows the status, resolution and time', async () => {
    const [mine] = await page(a);
    const before = Date.now();
    await ts.server.services.complaints.review(mine!.id, ComplaintStatus.RESOLVED, 'The account was banned');
    const info = await client.ok('complaintInfo', { token: tok(a), query: { id: mine!.id } });
    expect(info).toMatchObject({ status: ComplaintStatus.RESOLVED, resolution: 'The account was banned' });
    expect(info.resolveTime).toBeGreaterThanOrEqual(before);
    await expect(ts.server.services.complaints.review(99_999_999, ComplaintStatus.REJECTED, 'x')).rejects.toMatchObject(
      {
        key: 'complaintNotExist',
      },
    );
  });
});
