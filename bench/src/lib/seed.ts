/**
 * Seeds a bench server's SQLite database directly with many accounts, friend pairs and
 * signed-in sessions, and signs their access tokens with the server's own secret
 * (DATA_DIR/secrets.json): registering and logging in 10,000 accounts through the API
 * would spend minutes in password hashing, which is not what these benches measure.
 * Rows are written as the server's services write them (services/account.ts,
 * services/friend.ts); the server reads them like any others.
 */
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { SignJWT } from 'jose';
import { Terminal } from '@parley/protocol';

export interface SeededUser {
  id: number;
  /** Access tokens per terminal. */
  web: string;
  app: string;
}

/** `count` accounts; friends in pairs (0-1, 2-3, …) when `pairs`; a WEB and an APP session each. */
export async function seedUsers(dataDir: string, count: number, pairs: boolean): Promise<SeededUser[]> {
  const secret = Buffer.from(
    (JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { jwtSecret: string }).jwtSecret,
    'base64url',
  );
  const db = new SQLite(join(dataDir, 'parley.db'));
  db.pragma('busy_timeout = 10000');
  const now = Date.now();
  const tag = now.toString(36);
  // Any valid hash will do: nobody logs in with a password here.
  const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2VlZHNlZWRzZWVk$YmVuY2hiZW5jaGJlbmNoYmVuY2hiZW5jaGJlbmNoYmVu';
  const insertUser = db.prepare(
    `INSERT INTO users (user_name, nick_name, head_image, head_image_thumb, sex, signature, type, password_hash,
       is_banned, ban_reason, deleted, token_version, created_at, last_online_at)
     VALUES (?, ?, '', '', 0, '', 1, ?, 0, '', 0, 0, ?, NULL) RETURNING id`,
  );
  const insertToken = db.prepare(
    `INSERT INTO refresh_tokens (user_id, terminal, session_id, token_hash, expires_at, revoked_at, created_at, replaced_by)
     VALUES (?, ?, ?, ?, ?, NULL, ?, NULL)`,
  );
  const insertFriend = db.prepare(
    `INSERT INTO friends (user_id, friend_id, remark, is_dnd, created_at) VALUES (?, ?, '', 0, ?)`,
  );
  const sessions: { userId: number; terminal: Terminal; sid: string }[] = [];
  const ids: number[] = [];
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const { id } = insertUser.get(`seed${i}x${tag}@bench.local`, `Seed ${i}`, hash, now) as { id: number };
      ids.push(id);
      for (const terminal of [Terminal.WEB, Terminal.APP]) {
        const sid = crypto.randomUUID();
        insertToken.run(id, terminal, sid, crypto.randomBytes(32).toString('hex'), now + 7 * 86_400_000, now);
        sessions.push({ userId: id, terminal, sid });
      }
    }
    if (pairs) {
      for (let i = 0; i + 1 < ids.length; i += 2) {
        insertFriend.run(ids[i], ids[i + 1], now);
        insertFriend.run(ids[i + 1], ids[i], now);
      }
    }
  })();
  db.close();
  const sign = (s: (typeof sessions)[number]) =>
    new SignJWT({ trm: s.terminal, sid: s.sid, ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(s.userId))
      .setIssuer('parley')
      .setAudience('parley-access')
      .setIssuedAt()
      .setExpirationTime(Math.floor(now / 1000) + 3600)
      .sign(secret);
  const tokens = await Promise.all(sessions.map(sign));
  return ids.map((id, i) => ({ id, web: tokens[2 * i]!, app: tokens[2 * i + 1]! }));
}

/**
 * A group owned by `ownerId` with every id of `memberIds` a member from its start
 * (joined before any message), written as services/groups/group-service.ts writes a
 * group; the server reads membership fresh, so no cache needs telling. Returns its id.
 */
export function seedGroup(dataDir: string, name: string, ownerId: number, memberIds: readonly number[]): number {
  const db = new SQLite(join(dataDir, 'parley.db'));
  db.pragma('busy_timeout = 10000');
  const now = Date.now();
  const insertGroup = db.prepare(
    `INSERT INTO groups (name, owner_id, head_image, head_image_thumb, notice, is_muted, forbid_add_friend,
       is_banned, ban_reason, dissolved, created_at)
     VALUES (?, ?, '', '', '', 0, 0, 0, '', 0, ?) RETURNING id`,
  );
  const insertMember = db.prepare(
    `INSERT INTO group_members (group_id, user_id, remark_nick_name, remark_group_name, is_manager, is_muted, is_dnd,
       quit, joined_at_id, quit_at_id, quit_view, read_max_id, created_at)
     VALUES (?, ?, '', '', 0, 0, 0, 0, 0, NULL, NULL, 0, ?)`,
  );
  let groupId = 0;
  db.transaction(() => {
    groupId = (insertGroup.get(name, ownerId, now) as { id: number }).id;
    for (const id of new Set([ownerId, ...memberIds])) insertMember.run(groupId, id, now);
  })();
  db.close();
  return groupId;
}
