/** Users (wire-contract §3): self, find, update own profile, find by name, online terminals, last seen. */
import { sql, type Kysely } from 'kysely';
import {
  Limits,
  type OnlineTerminals,
  type Sex,
  type User,
  type UserType,
  type UserUpdateRequest,
} from '@parley/protocol';
import type { Database, UserPatch, UserRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { Presence } from '../realtime/presence.js';
import type { AuthInfo } from './auth.js';

export function toWireUser(row: UserRow, online: boolean): User {
  return {
    id: row.id,
    userName: row.user_name,
    nickName: row.nick_name,
    headImage: row.head_image,
    headImageThumb: row.head_image_thumb,
    sex: row.sex as Sex,
    signature: row.signature,
    type: row.type as UserType,
    isBanned: row.is_banned === 1,
    reason: row.ban_reason,
    deleted: row.deleted === 1,
    online,
  };
}

/** LIKE pattern matching `text` anywhere, with the wildcards in it taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class UserService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly presence: Presence,
  ) {}

  async self(auth: AuthInfo): Promise<User> {
    return toWireUser(auth.user, await this.presence.isOnline(auth.userId));
  }

  async find(id: number): Promise<User> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('userNotExist');
    return toWireUser(row, await this.presence.isOnline(id));
  }

  async update(auth: AuthInfo, req: UserUpdateRequest): Promise<void> {
    if (req.id !== undefined && req.id !== auth.userId) throw new AppError('cannotEditOtherUser');
    const patch: UserPatch = { nick_name: req.nickName };
    if (req.headImage !== undefined) patch.head_image = req.headImage;
    if (req.headImageThumb !== undefined) patch.head_image_thumb = req.headImageThumb;
    if (req.sex !== undefined) patch.sex = req.sex;
    if (req.signature !== undefined) patch.signature = req.signature;
    await this.db.updateTable('users').set(patch).where('id', '=', auth.userId).execute();
  }

  /** Case-insensitive substring match on user name or nickname; deleted accounts never show. */
  async findByName(name: string): Promise<User[]> {
    const pattern = containsPattern(name.toLowerCase());
    const rows = await this.db
      .selectFrom('users')
      .selectAll()
      .where('deleted', '=', 0)
      .where((eb) =>
        eb.or([
          sql<boolean>`${eb.ref('user_name')} like ${pattern} escape '\\'`,
          sql<boolean>`lower(${eb.ref('nick_name')}) like ${pattern} escape '\\'`,
        ]),
      )
      .orderBy('id')
      .limit(Limits.FIND_BY_NAME_MAX)
      .execute();
    const online = await this.presence.onlineTerminals(rows.map((r) => r.id));
    return rows.map((r) => toWireUser(r, online.has(r.id)));
  }

  async terminalOnline(userIds: readonly number[]): Promise<OnlineTerminals[]> {
    const online = await this.presence.onlineTerminals(userIds);
    return [...online].map(([userId, terminals]) => ({ userId, terminals }));
  }

  async updateOnlineTime(auth: AuthInfo): Promise<void> {
    await this.db.updateTable('users').set({ last_online_at: Date.now() }).where('id', '=', auth.userId).execute();
  }
}
