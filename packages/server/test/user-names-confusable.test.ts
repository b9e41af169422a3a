/**
 * Look-alike user names (hardening issue, point 5): a name that mixes scripts the way
 * spoofs do (a Cyrillic і in "trial") is refused, and so is a name whose UTS #39
 * skeleton equals a registered one's ("сосо" in Cyrillic beside "coco", "user1" beside
 * "userl"); a name wholly in another script is welcome; of two look-alikes registered at
 * once one wins (unique index on users.user_name_skeleton); names from before the rule
 * still sign in; migration 0019's backfill gives the older of two look-alikes the skeleton.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backfillSkeletons } from '../src/db/migrations/0019_user_name_skeleton.js';
import { nameSkeleton } from '../src/services/name-skeleton.js';
import { ApiClient, login, registerUser } from './support/api.js';
import { startServer, type TestServer } from './support/server.js';

let ts: TestServer;
let client: ApiClient;

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
});
afterAll(() => ts?.close());

let seq = 0;
/** A fresh ASCII domain label: the names of one test differ from every other test's there. */
const fresh = () => `t${process.pid}x${Date.now().toString(36)}${++seq}`;
const register = (userName: string) => client.call('register', { body: { userName, password: 'secret1' } });

async function refused(userName: string): Promise<string | undefined> {
  const res = await register(userName);
  expect(res.status, userName).toBe(400);
  if (res.body.key !== 'userNameTaken') expect(res.body.params, userName).toEqual({ field: 'userName' });
  return res.body.key;
}
async function accepted(userName: string): Promise<void> {
  const res = await register(userName);
  expect([res.status, res.body.key], userName).toEqual([200, undefined]);
}

describe('names that mix scripts', () => {
  it('a Cyrillic і beside the Latin name is refused', async () => {
    const d = fresh();
    await accepted(`trial@${d}.parley.chat`);
    expect(await refused(`tr\u0456al@${d}.parley.chat`)).toBe('userNameMixedScripts');
  });

  it('a mixed-script look-alike is refused even when nobody has the name it imitates', async () => {
    const d = fresh();
    for (const name of [
      `p\u0430ypal@${d}.example.com`, // Cyrillic а
      `g\u03bfogle@${d}.example.com`, // Greek ο
      `g\u0585\u0585gle@${d}.example.com`, // Armenian օ
      `ann@${d}.p\u0430rley.chat`, // a domain label
    ]) {
      expect(await refused(name)).toBe('userNameMixedScripts');
    }
  });

  it('a name wholly in another script, or Latin with Chinese, Japanese or Korean, is welcome', async () => {
    const d = fresh();
    for (const name of [
      `иван@${d}.рф`,
      `张伟@${d}.中国`,
      `ελληνικά@${d}.gr`,
      `東京タワーabc@${d}.jp`,
      `김민준abc@${d}.kr`,
      `user2@${d}.example.com`,
      `user3@${d}.example.com`,
    ]) {
      await accepted(name);
    }
  });
});

describe('names confusable with a registered one', () => {
  it('are refused whichever was first; the same name is still userNameTaken', async () => {
    const d = fresh();
    const pairs: [string, string][] = [
      [`coco@${d}.example.com`, `\u0441\u043e\u0441\u043e@${d}.example.com`], // Latin, then all Cyrillic
      [`\u0430\u0441\u0435@${d}.example.com`, `ace@${d}.example.com`], // all Cyrillic, then Latin
      [`user1@${d}.example.com`, `userl@${d}.example.com`], // 1 and l
      [`trial@${d}.example.com`, `tr\u0131al@${d}.example.com`], // Latin dotless ı
      [`mary@${d}.example.com`, `rnary@${d}.example.com`], // m and rn
    ];
    for (const [first, second] of pairs) {
      await accepted(first);
      expect(await refused(second)).toBe('userNameConfusable');
    }
    expect(await refused(`coco@${d}.example.com`)).toBe('userNameTaken');
  });

  it('of look-alikes registered at once exactly one gets in', async () => {
    const d = fresh();
    const variants = ['l1lm', '1llrn', 'lllm', '111rn', 'l11m', '1l1rn', 'll1m', '11lm'];
    const names = variants.map((v) => `x${v}@${d}.example.com`);
    expect(new Set(names.map(nameSkeleton)).size).toBe(1);
    const replies = await Promise.all(names.map(register));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies.filter((r) => r.status !== 200)) {
      expect([r.status, r.body.key]).toEqual([400, 'userNameConfusable']);
    }
    const stored = await ts.server.db.kysely
      .selectFrom('users')
      .select('user_name')
      .where('user_name_skeleton', '=', nameSkeleton(names[0]!))
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('a name from before the rule still signs in', async () => {
    const u = await registerUser(client);
    const old = `l\u0435gacy@${fresh()}.example.com`; // Cyrillic е, stored before the rule existed
    await ts.server.db.kysely
      .updateTable('users')
      .set({ user_name: old, user_name_skeleton: null })
      .where('id', '=', u.id)
      .execute();
    await ts.server.services.facts.changed({ kind: 'user', id: u.id });
    const pair = await login(client, old, u.password);
    expect((await client.ok('userSelf', { token: pair.accessToken })).userName).toBe(old);
  });
});

describe('migration 0019', () => {
  it('backfills every skeleton; of two look-alikes the older keeps it, the newer keeps its name', async () => {
    const d = fresh();
    const older = await registerUser(client, { userName: `ella@${d}.example.com` });
    const newer = await registerUser(client, { userName: `e11a@${d}.example.com`.replace('11', 'xx') });
    const db = ts.server.db.kysely;
    await sql`update users set user_name_skeleton = null`.execute(db);
    // A look-alike that got in before the rule.
    await db
      .updateTable('users')
      .set({ user_name: `e11a@${d}.example.com` })
      .where('id', '=', newer.id)
      .execute();

    await backfillSkeletons(db as never);

    const rows = await db.selectFrom('users').select(['id', 'user_name', 'user_name_skeleton']).execute();
    for (const r of rows) {
      expect(r.user_name_skeleton, r.user_name).toBe(Number(r.id) === newer.id ? null : nameSkeleton(r.user_name));
    }
    expect(rows.find((r) => Number(r.id) === older.id)?.user_name_skeleton).toBe(nameSkeleton(`ella@${d}.example.com`));
    expect((await register(`e1la@${d}.example.com`)).body.key).toBe('userNameConfusable');
  });
});
