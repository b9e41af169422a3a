/**
 * Link previews (issue 21 point 4): pages served by a loopback site, which the outbound
 * guard reaches only because OUTBOUND_ALLOW_CIDRS exempts 127.0.0.1/32. Parsing (Open
 * Graph, a bare <title>, charsets, entities, a relative image), the image stored once
 * as our upload, the day's cache (counted requests), refusals (nothing usable, a
 * redirect to an address outside the allowlist, a slow page, an error status), a huge
 * page read only in part, sends that cannot forge a preview, edits and recalls that
 * drop it, the operator switch and the rate limit.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LinkPreviewLimits, MessageType, type LinkPreview, type PrivateMessage } from '@parley/protocol';
import { ApiClient, registerUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { closeAll, friendPair, messageFrame, sendBody, tmpId, type TwoTerminalUser } from './support/messages.js';
import { startServer, type TestServer } from './support/server.js';
import { startPreviewSite, type PreviewSite } from './support/preview-site.js';
import { loadConfig } from '../src/config.js';
import { previewsEnabled } from '../src/services/link-preview/link-preview-service.js';

let ts: TestServer;
let client: ApiClient;
let now = Date.UTC(2030, 0, 1, 12, 0, 0);
let site: PreviewSite;
let base: string;
let insideBase: string;
let hits: Map<string, number>;

beforeAll(async () => {
  site = await startPreviewSite();
  ({ base, insideBase, hits } = site);
  ts = await startServer({ clock: () => now, outboundAllowCidrs: ['127.0.0.1/32'], linkPreviewTimeoutMs: 800 });
  client = new ApiClient(ts.url);
});
afterAll(async () => {
  await site?.close();
  await ts?.close();
});

const users: TwoTerminalUser[] = [];
afterAll(() => closeAll(...users));

const preview = (token: string, url: string) => client.ok('linkPreview', { token, body: { url } });
const previewCall = (token: string, url: string) => client.call('linkPreview', { token, body: { url } });
async function refusedKey(token: string, url: string, key: string) {
  const res = await previewCall(token, url);
  expect([res.status, res.body.key], JSON.stringify(res.body)).toEqual([400, key]);
}

describe('reading a page', () => {
  let token: string;
  beforeAll(async () => {
    token = (await registerUser(client)).tokens.accessToken;
  });

  it('Open Graph: entities decoded, white space collapsed, the image stored once as our upload', async () => {
    const p = await preview(token, `${base}/og`);
    expect(p).toMatchObject({
      url: `${base}/og`,
      title: "Tom & Jerry's page",
      description: 'A description over two lines <b>',
      siteName: 'Cartoons',
    });
    expect(p.image).toMatchObject({ width: 120, height: 60 });
    expect(p.image!.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    // Served by us like any uploaded image.
    const img = await fetch(ts.url + p.image!.url);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect((await fetch(ts.url + p.image!.thumbUrl)).status).toBe(200);
    expect(hits.get('/img.png')).toBe(1);
  });

  it('the same URL again, by anyone, comes from the cache: the site is not asked; a day later it is', async () => {
    const first = await preview(token, `${base}/og`);
    const other = (await registerUser(client)).tokens.accessToken;
    expect(await preview(other, `${base}/og`)).toEqual(first);
    expect([hits.get('/og'), hits.get('/img.png')]).toEqual([1, 1]);
    await preview(token, `${base}/title-only`);
    now += LinkPreviewLimits.CACHE_MS;
    const later = await preview(token, `${base}/og`);
    expect([hits.get('/og'), hits.get('/img.png')]).toEqual([2, 2]);
    expect(later.title).toBe(first.title);
    // Entries older than a day went with that new one: the table holds only the day's links.
    const urls = await ts.server.db.kysely.selectFrom('link_previews').select('url').execute();
    expect(urls.map((r) => r.url)).toEqual([`${base}/og`]);
  });

  it('only a <title>: the title, no description, the host as the site', async () => {
    expect(await preview(token, `${base}/title-only`)).toEqual({
      url: `${base}/title-only`,
      title: 'Just a title',
      description: '',
      siteName: '127.0.0.1',
    });
  });

  it('charsets: a meta charset (Shift_JIS) and the Content-Type header (ISO-8859-1)', async () => {
    expect((await preview(token, `${base}/sjis`)).title).toBe('日本語のページ');
    const latin = await preview(token, `${base}/latin1`);
    expect([latin.title, latin.description]).toEqual(['Café crème', 'Déjà vu']);
  });

  it('a huge page: the head is read, the rest never downloaded', async () => {
    expect((await preview(token, `${base}/huge`)).title).toBe('Huge page');
    await vi.waitFor(() => expect(site.hugeCut()).toBe(true));
  });

  it('an image that cannot be had (an inside address, not an image) leaves the preview without one', async () => {
    const inside = await preview(token, `${base}/bad-images`);
    expect([inside.title, inside.image]).toEqual(['Bad image', undefined]);
    expect(site.insideHits()).toBe(0);
    const text = await preview(token, `${base}/text-image`);
    expect([text.title, text.image]).toEqual(['Text image', undefined]);
    expect(hits.get('/plain')).toBe(1);
  });

  it('nothing usable → linkPreviewNone, remembered for the day (the site is asked once)', async () => {
    await refusedKey(token, `${base}/nothing`, 'linkPreviewNone');
    await refusedKey(token, `${base}/nothing`, 'linkPreviewNone');
    expect(hits.get('/nothing')).toBe(1);
    await refusedKey(token, `${base}/plain`, 'linkPreviewNone');
  });

  it('failures → linkPreviewFailed, not cached: an error status, a slow page, a redirect to an address outside the allowlist', async () => {
    await refusedKey(token, `${base}/missing`, 'linkPreviewFailed');
    await refusedKey(token, `${base}/slow`, 'linkPreviewFailed');
    await refusedKey(token, `${base}/to-inside`, 'linkPreviewFailed');
    await refusedKey(token, `${insideBase}/direct`, 'linkPreviewFailed');
    expect(site.insideHits()).toBe(0);
    await refusedKey(token, `${base}/missing`, 'linkPreviewFailed');
    expect(hits.get('/missing')).toBe(2);
    const rows = await ts.server.db.kysely.selectFrom('link_previews').select('url').execute();
    expect(rows.map((r) => r.url)).not.toContain(`${base}/missing`);
  });

  it('system/config says previews are on', async () => {
    expect((await client.ok('systemConfig', { token })).message.linkPreviews).toBe(true);
  });
});

describe('a preview goes with a message only as the server cached it', () => {
  let a: TwoTerminalUser;
  let b: TwoTerminalUser;
  let og: LinkPreview;
  beforeAll(async () => {
    [a, b] = await friendPair(ts, client);
    users.push(a, b);
    og = await preview(a.web, `${base}/og-again`);
  });
  const send = (content: string, url?: string) =>
    client.ok('privateSend', {
      token: a.web,
      body: sendBody(b.id, MessageType.TEXT, content, url === undefined ? {} : { linkPreview: { url } }),
    });
  const historyOf = async (id: number) =>
    (await client.ok('privateHistory', { token: b.web, query: { friendId: a.id, page: 1, size: 50 } })).find(
      (m) => m.id === id,
    );

  it('a link of the text that was previewed: in the reply, the push, the history', async () => {
    const msg = await send(`look ${base}/og-again !`, `${base}/og-again`);
    expect(msg.linkPreview).toEqual(og);
    const frame = await b.appSocket.next(messageFrame(msg.id));
    expect((frame.data as PrivateMessage).linkPreview).toEqual(og);
    expect((await historyOf(msg.id))?.linkPreview).toEqual(og);
  });

  it('no preview: a URL not in the text, a URL never previewed, no choice, a card', async () => {
    expect((await send('no link here', `${base}/og-again`)).linkPreview).toBeUndefined();
    expect((await send(`${base}/title-only-never`, `${base}/title-only-never`)).linkPreview).toBeUndefined();
    expect((await send(`${base}/og-again`)).linkPreview).toBeUndefined();
    const card = await client.ok('privateSend', {
      token: a.web,
      body: sendBody(
        b.id,
        MessageType.CARD,
        JSON.stringify({ title: 'T', description: `${base}/og-again`, cover: og.image!.url, link: `${base}/og-again` }),
        { linkPreview: { url: `${base}/og-again` } },
      ),
    });
    expect(card.type).toBe(MessageType.CARD);
    expect(card.linkPreview).toBeUndefined();
  });

  it('the card cannot be written by the sender: fields besides url are refused, nothing stored', async () => {
    const res = await client.call('privateSend', {
      token: a.web,
      body: sendBody(b.id, MessageType.TEXT, `${base}/og-again`, {
        linkPreview: { url: `${base}/og-again`, title: 'Forged' } as unknown as { url: string },
      }),
    });
    expect([res.status, res.body.key, res.body.params?.field]).toEqual([400, 'invalidParam', 'linkPreview.title']);
  });

  it('an edit keeps it while the link stays, drops it when the link goes; a recall drops it', async () => {
    const msg = await send(`${base}/og-again`, `${base}/og-again`);
    await client.ok('privateEdit', {
      token: a.web,
      params: { id: msg.id },
      body: { content: `see ${base}/og-again` },
    });
    expect((await historyOf(msg.id))?.linkPreview).toEqual(og);
    await client.ok('privateEdit', { token: a.web, params: { id: msg.id }, body: { content: 'never mind' } });
    expect((await historyOf(msg.id))?.linkPreview).toBeUndefined();
    const other = await send(`${base}/og-again`, `${base}/og-again`);
    await client.ok('privateRecall', { token: a.web, params: { id: other.id } });
    expect((await historyOf(other.id))?.linkPreview).toBeUndefined();
  });

  it('group messages carry it the same way', async () => {
    const g = await client.ok('groupCreate', { token: a.web, body: { name: 'Links', friendIds: [b.id] } });
    const msg = await client.ok('groupSend', {
      token: a.web,
      body: {
        tmpId: tmpId(),
        groupId: g.id,
        type: MessageType.TEXT,
        content: `${base}/og-again`,
        linkPreview: { url: `${base}/og-again` },
      },
    });
    expect(msg.linkPreview).toEqual(og);
    const history = await client.ok('groupHistory', { token: b.web, query: { groupId: g.id, page: 1, size: 10 } });
    expect(history.find((m) => m.id === msg.id)?.linkPreview).toEqual(og);
    await client.ok('groupEdit', { token: a.web, params: { id: msg.id }, body: { content: 'gone' } });
    const after = await client.ok('groupHistory', { token: b.web, query: { groupId: g.id, page: 1, size: 10 } });
    expect(after.find((m) => m.id === msg.id)?.linkPreview).toBeUndefined();
  });
});

describe('switched off', () => {
  let off: TestServer;
  afterAll(() => off?.close());

  it('LINK_PREVIEWS=off or OUTBOUND_FETCH=off: previews are off', () => {
    expect(loadConfig({}).linkPreviews).toBe(true);
    expect(loadConfig({ LINK_PREVIEWS: 'off' }).linkPreviews).toBe(false);
    expect(previewsEnabled(loadConfig({}))).toBe(true);
    expect(previewsEnabled(loadConfig({ LINK_PREVIEWS: 'off' }))).toBe(false);
    expect(previewsEnabled(loadConfig({ OUTBOUND_FETCH: 'off' }))).toBe(false);
  });

  it('off: refused with linkPreviewOff, system/config says so, a send attaches nothing, the site is not asked', async () => {
    off = await startServer({ linkPreviews: false, outboundAllowCidrs: ['127.0.0.1/32'] });
    const c = new ApiClient(off.url);
    const a = await registerUser(c);
    const b = await registerUser(c);
    await befriend(c, a, b);
    const before = hits.get('/og') ?? 0;
    const res = await c.call('linkPreview', { token: a.tokens.accessToken, body: { url: `${base}/og` } });
    expect([res.status, res.body.key]).toEqual([400, 'linkPreviewOff']);
    expect(hits.get('/og') ?? 0).toBe(before);
    expect((await c.ok('systemConfig', { token: a.tokens.accessToken })).message.linkPreviews).toBe(false);
    // Even a cache entry left from when previews were on is not attached.
    await off.server.db.kysely
      .insertInto('link_previews')
      .values({
        url: `${base}/og`,
        preview: JSON.stringify({ url: `${base}/og`, title: 'T', description: '', siteName: 's' }),
        fetched_at: Date.now(),
      })
      .execute();
    const msg = await c.ok('privateSend', {
      token: a.tokens.accessToken,
      body: sendBody(b.id, MessageType.TEXT, `${base}/og`, { linkPreview: { url: `${base}/og` } }),
    });
    expect(msg.linkPreview).toBeUndefined();
  });
});

describe('limits: calls a minute, image bytes a day', () => {
  let limited: TestServer;
  afterAll(() => limited?.close());

  it('3 calls a minute here: the fourth is refused; the image of a second page is past the upload bytes', async () => {
    limited = await startServer({
      outboundAllowCidrs: ['127.0.0.1/32'],
      rateLimits: JSON.stringify({ linkPreview: { user: [3, 60], address: [100, 60] } }),
      // One preview image's bytes a day (its PNG as served).
      uploadBytesPerDay: site.png.length,
    });
    const c = new ApiClient(limited.url);
    const token = (await registerUser(c)).tokens.accessToken;
    const ask = (path: string) => c.call('linkPreview', { token, body: { url: `${base}${path}` } });
    const first = await ask('/og?budget=1');
    expect((first.body.data as LinkPreview).image).toBeDefined();
    // The upload bytes of the day went on that image: this page's image is left out.
    const second = await ask('/og?budget=2');
    expect([second.status, (second.body.data as LinkPreview).title]).toEqual([200, "Tom & Jerry's page"]);
    expect((second.body.data as LinkPreview).image).toBeUndefined();
    await ask('/og?budget=1');
    const refused = await ask('/og?budget=1');
    expect([refused.status, refused.body.key]).toEqual([429, 'tooManyRequests']);
  });
});
