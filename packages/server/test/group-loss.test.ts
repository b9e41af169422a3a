/**
 * THE GROUP LOSS TEST (issue 8): senders send concurrently into three groups (some
 * messages recalled, some edited three times at once, some pinned and unpinned by the
 * owner and the sender at once through either node) while every member's two terminals drop their sockets and
 * reconnect at random, often mid-pull; mid-run one user joins a group and another
 * leaves one. Each terminal runs the client rule of support/chat-client.ts on the
 * group stream. Afterwards every terminal holds exactly the group messages of its
 * user's windows (joined … left), each once, in id order, and every edited message shows
 * its last edit by server order (each EDIT applied once) and the pins of its windows (each
 * PIN applied once; an open window: the server's pins). Loopback only; bounded.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MessageType, parseEditNotice, parsePinNotice, parseReactionNotice } from '@parley/protocol';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { twoTerminals, underChaos } from './support/chat-client.js';
import { tmpId } from './support/messages.js';
import { startCluster, startServer, usingPostgres, type TestServer } from './support/server.js';

const MESSAGES_PER_SENDER = 120;
const IN_FLIGHT_PER_SENDER = 3;
const RECALL_EVERY = 10;
/** Every n-th message (offset 5: never a recalled one) is edited three times at once, through any node. */
const EDIT_EVERY = 10;
const EDITS_AT_ONCE = 3;
/** Every n-th message (offset 7) gets two pins and two unpins at once (owner and sender), in random order. */
const PIN_EVERY = 10;
/** Every n-th message (offset 3) gets concurrent reactions, switches and removals from two senders, through any node. */
const REACT_EVERY = 10;
const DEADLINE_MS = 40_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rand = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));

/** One run against `nodes` (terminals hop between them when there are several). */
async function run(nodes: TestServer[]): Promise<void> {
  const started = Date.now();
  const clients = nodes.map((n) => new ApiClient(n.url));
  const client = clients[0]!;
  const owner = await registerUser(client, { nickName: 'Owner' });
  const senders = [owner, ...(await Promise.all([1, 2].map((i) => registerUser(client, { nickName: `S${i}` }))))];
  const readers = await Promise.all([0, 1, 2].map((i) => registerUser(client, { nickName: `R${i}` })));
  const joiner = await registerUser(client, { nickName: 'Joiner' });
  const everyone: TestUser[] = [...senders, ...readers, joiner];
  for (const u of everyone) if (u !== owner) await befriend(client, owner, u);
  const members = [...senders, ...readers].filter((u) => u !== owner).map((u) => u.id);
  const groups: number[] = [];
  for (const name of ['A', 'B', 'C']) {
    groups.push(
      (await client.ok('groupCreate', { token: owner.tokens.accessToken, body: { name, friendIds: members } })).id,
    );
  }
  const leaver = readers[2]!;
  // Members may pin, so the senders pin too.
  for (const groupId of groups) {
    await client.ok('groupPinByMembers', { token: owner.tokens.accessToken, body: { groupId, enabled: true } });
  }

  // Two terminals per user (the senders' too: they must get the others' messages and their own echoes).
  const terminals = await twoTerminals(
    client,
    nodes.map((n) => n.url),
    everyone,
    'group',
  );
  const all = [...terminals.values()].flat();
  const settle = underChaos(all);

  let recalls = 0;
  let edits = 0;
  let pinChanges = 0;
  let reactions = 0;
  let sentCount = 0;
  const membership = (async () => {
    await sleep(600);
    await client.ok('groupInvite', {
      token: owner.tokens.accessToken,
      body: { groupId: groups[0]!, friendIds: [joiner.id] },
    });
    await sleep(600);
    await client.ok('groupQuit', { token: leaver.tokens.accessToken, params: { groupId: groups[1]! } });
  })();
  await Promise.all(
    senders.map(async (s) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT_PER_SENDER }, async () => {
          while (next < MESSAGES_PER_SENDER && Date.now() - started < DEADLINE_MS / 2) {
            const n = next++;
            const c = clients[rand(0, clients.length - 1)]!;
            const msg = await c.ok('groupSend', {
              token: s.tokens.accessToken,
              body: {
                tmpId: tmpId(),
                groupId: groups[rand(0, groups.length - 1)]!,
                type: MessageType.TEXT,
                content: `${s.id}:${n}`,
              },
            });
            sentCount++;
            // The sending terminal (WEB) has the message from the reply, not from an echo.
            const web = terminals.get(s.id)![0]!;
            web.hold(msg);
            if (n % RECALL_EVERY === 0) {
              web.hold(await c.ok('groupRecall', { token: s.tokens.accessToken, params: { id: msg.id } }));
              recalls++;
            }
            if (n % EDIT_EVERY === 5) {
              const changed = await Promise.all(
                Array.from({ length: EDITS_AT_ONCE }, (_, k) =>
                  clients[rand(0, clients.length - 1)]!.ok('groupEdit', {
                    token: s.tokens.accessToken,
                    params: { id: msg.id },
                    body: { content: `${s.id}:${n} edit ${k}` },
                  }),
                ),
              );
              for (const e of changed) web.hold(e);
              edits += changed.length;
            }
            if (n % PIN_EVERY === 7) {
              // Shuffled before they start: whichever the stream takes last decides.
              const ops = [true, false, true, false].map((pin, k) => ({ pin, by: k % 2 === 0 ? s : owner }));
              ops.sort(() => Math.random() - 0.5);
              await Promise.all(
                ops.map(({ pin, by }) =>
                  clients[rand(0, clients.length - 1)]!.ok(pin ? 'groupPin' : 'groupUnpin', {
                    token: by.tokens.accessToken,
                    params: { id: msg.id },
                  }),
                ),
              );
              pinChanges += ops.length;
            }
            if (n % REACT_EVERY === 3) {
              const react = (u: TestUser, emoji: string | null) =>
                clients[rand(0, clients.length - 1)]!.ok('groupReact', {
                  token: u.tokens.accessToken,
                  params: { id: msg.id },
                  body: { emoji },
                });
              const other = senders[(senders.indexOf(s) + 1) % senders.length]!;
              await Promise.all([
                (async () => {
                  await react(s, '👍');
                  await react(s, rand(0, 1) === 0 ? null : '🎉');
                })(),
                (async () => {
                  await react(other, '👍');
                  if (rand(0, 1) === 0) await react(other, null);
                })(),
              ]);
              reactions += 4;
            }
            await sleep(rand(10, 80));
          }
        }),
      );
    }),
  );
  await membership;
  // The last coalescing windows close before the final pulls (a notice stored later would be live-only).
  const pendingDb = nodes[0]!.server.db.kysely;
  while ((await pendingDb.selectFrom('reaction_pending').select('message_id').execute()).length > 0) await sleep(50);
  await settle();

  const db = nodes[0]!.server.db.kysely;
  const rows = await db
    .selectFrom('group_messages')
    .select(['id', 'group_id', 'type', 'content', 'edited_time', 'reactions', 'react_time'])
    .orderBy('id')
    .execute();
  const edited = rows.filter((m) => m.edited_time !== null);
  expect(edited.length).toBeGreaterThan(0);
  const windows = await db.selectFrom('group_members').selectAll().execute();
  const pinRows = await db.selectFrom('message_pins').selectAll().where('kind', '=', 1).execute();
  expect(pinRows.length).toBeGreaterThan(0);
  const groupOf = new Map(rows.map((r) => [r.id, r.group_id]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const serverPins = (groupId: number, after: number) =>
    pinRows
      .filter((p) => p.chat_key === String(groupId) && Number(p.message_id) > after)
      .map((p) => Number(p.message_id))
      .sort((x, y) => x - y);
  /** The pins that the PIN and RECALL messages among `ids` leave, in id (stream) order. */
  const replayPins = (ids: number[]) => {
    const state = new Map<number, boolean>();
    for (const id of ids) {
      const r = byId.get(id)!;
      if (r.type === MessageType.RECALL) state.set(Number(r.content), false);
      const notice = r.type === MessageType.PIN ? parsePinNotice(r.content) : undefined;
      if (notice) state.set(notice.id, notice.pinned);
    }
    const held = new Set(ids);
    return [...state].flatMap(([id, pinned]) => (pinned && held.has(id) ? [id] : [])).sort((x, y) => x - y);
  };
  /** Every state an edit gave each message: its content by editTime. */
  const allEdits = new Map<number, Map<number, string>>();
  for (const r of rows.filter((x) => x.type === MessageType.EDIT)) {
    const notice = parseEditNotice(r.content)!;
    const states = allEdits.get(notice.id) ?? new Map<number, string>();
    allEdits.set(notice.id, states.set(notice.editTime, notice.content));
  }
  /** Every state a REACTION notice gave each message: its reactions by reactTime. */
  const allReactions = new Map<number, Map<number, unknown>>();
  for (const r of rows.filter((x) => x.type === MessageType.REACTION)) {
    const notice = parseReactionNotice(r.content)!;
    const states = allReactions.get(notice.id) ?? new Map<number, unknown>();
    allReactions.set(notice.id, states.set(notice.reactTime, notice.reactions));
  }
  const windowEndsBefore = (userId: number, groupId: number) =>
    windows.some((w) => w.user_id === userId && w.group_id === groupId && w.quit_at_id !== null);
  for (const u of everyone) {
    const mine = windows.filter((w) => w.user_id === u.id);
    const expected = rows
      .filter((m) =>
        mine.some(
          (w) => w.group_id === m.group_id && m.id > w.joined_at_id && (w.quit_at_id === null || m.id <= w.quit_at_id),
        ),
      )
      .map((m) => m.id);
    expect(expected.length).toBeGreaterThan(0);
    for (const t of terminals.get(u.id)!) {
      expect(t.ids()).toEqual(expected);
      expect(t.cursor).toBe(expected.at(-1));
      // Each edited message it holds shows the last edit inside its window by server order; each EDIT
      // applied once. A member who left gets no EDIT after leaving, but a pull after an edit hands it the
      // row as it is then (docs/PROTOCOL.md "Edit"): it shows the last edit of its window or a later one.
      const lastEdit = new Map<number, { content: string; editTime: number }>();
      for (const r of rows) {
        if (r.type !== MessageType.EDIT || !expected.includes(r.id)) continue;
        const notice = parseEditNotice(r.content)!;
        lastEdit.set(notice.id, { content: notice.content, editTime: notice.editTime });
      }
      for (const m of edited.filter((e) => expected.includes(e.id))) {
        const want = lastEdit.get(m.id);
        const shown = t.shown.get(m.id)!;
        if (!windowEndsBefore(u.id, m.group_id)) expect(shown).toEqual(want);
        else if (shown.editTime !== -1 && shown.editTime !== want?.editTime) {
          expect(shown.editTime).toBeGreaterThan(want?.editTime ?? -1);
          expect(shown.content).toBe(allEdits.get(m.id)!.get(shown.editTime));
        } else expect(shown).toEqual(want ?? { content: shown.content, editTime: -1 });
      }
      // Where the window saw every edit, that is what the server holds.
      for (const m of edited.filter((e) => lastEdit.has(e.id) && !windowEndsBefore(u.id, e.group_id))) {
        expect(lastEdit.get(m.id)).toEqual({ content: m.content, editTime: Number(m.edited_time) });
      }
      expect([...t.editsApplied.values()].every((n) => n === 1)).toBe(true);
      // Its pins: the PIN and RECALL messages of its windows replayed in stream order; where the
      // window is still open, that is the server's pins of the group. Each PIN applied once.
      // (A pin of a message before its window is not shown: the client keeps only what it holds.)
      const holds = new Set(expected);
      expect(t.pinned().filter((id) => holds.has(id))).toEqual(replayPins(expected));
      for (const w of mine.filter((m) => m.quit_at_id === null)) {
        const open = replayPins(expected.filter((id) => groupOf.get(id) === w.group_id));
        expect(open).toEqual(serverPins(w.group_id, w.joined_at_id));
      }
      expect([...t.pinsApplied.values()].every((n) => n === 1)).toBe(true);
      // Each reacted message shows the last REACTION notice inside its window (none resurrected), and where the
      // window is still open, the server's final reactions; each REACTION applied once.
      const lastReaction = new Map<number, { reactions: unknown; reactTime: number }>();
      for (const r of rows) {
        if (r.type !== MessageType.REACTION || !expected.includes(r.id)) continue;
        const notice = parseReactionNotice(r.content)!;
        lastReaction.set(notice.id, { reactions: notice.reactions, reactTime: notice.reactTime });
      }
      for (const [id, want] of lastReaction) {
        if (!expected.includes(id)) continue;
        const shown = t.reacted.get(id)!;
        // As with edits: a member who left may have read the row after a later notice (a pull, history).
        if (windowEndsBefore(u.id, groupOf.get(id)!) && shown.reactTime > want.reactTime) {
          expect(shown.reactions).toEqual(allReactions.get(id)!.get(shown.reactTime));
        } else expect(shown).toEqual(want);
      }
      for (const m of rows.filter((e) => e.react_time !== null && expected.includes(e.id))) {
        if (windowEndsBefore(u.id, m.group_id)) continue;
        expect(t.reacted.get(m.id)).toEqual({ reactions: JSON.parse(m.reactions!), reactTime: m.react_time });
      }
      expect([...t.reactionsApplied.values()].every((n) => n === 1)).toBe(true);
    }
  }
  // The joiner saw nothing of group A from before the invitation, the leaver nothing of B after leaving.
  const joinerWindow = windows.find((w) => w.user_id === joiner.id && w.group_id === groups[0])!;
  expect(joinerWindow.joined_at_id).toBeGreaterThan(0);
  const leaverWindow = windows.find((w) => w.user_id === leaver.id && w.group_id === groups[1])!;
  expect(leaverWindow.quit_at_id).not.toBeNull();
  expect(rows.some((m) => m.group_id === groups[1] && m.id > leaverWindow.quit_at_id!)).toBe(true);

  expect(all.flatMap((t) => t.pullErrors)).toEqual([]);
  const logins = all.reduce((n, t) => n + t.logins, 0);
  const midPull = all.reduce((n, t) => n + t.droppedMidPull, 0);
  expect(logins).toBeGreaterThan(all.length * 3);
  expect(midPull).toBeGreaterThan(0);
  console.info(
    `group loss test (${process.env.TEST_DB ?? 'sqlite'}, ${nodes.length} node(s)): ${sentCount} messages ` +
      `(${recalls} recalls, ${edits} edits, ${pinChanges} pin changes, ${reactions} reaction changes) in ${groups.length} groups, ${all.length} terminals, ${logins} logins, ` +
      `${midPull} drops before LOADING false, ${Date.now() - started} ms`,
  );
}

let single: TestServer;
beforeAll(async () => {
  single = await startServer();
});
afterAll(() => single?.close());

it(
  'every member terminal ends with exactly the group messages of its windows, once each, in id order',
  () => run([single]),
  DEADLINE_MS + 20_000,
);

it.runIf(usingPostgres())(
  'the same across two nodes (PostgreSQL + Redis), terminals and senders spread over both',
  async () => {
    const cluster = await startCluster(2);
    try {
      await run(cluster.nodes);
    } finally {
      await cluster.close();
    }
  },
  DEADLINE_MS + 30_000,
);
