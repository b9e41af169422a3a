/**
 * Users (wire-contract §3): self, find, update own profile, find by name, online
 * terminals, last seen. Another user sees the public profile only: the user name
 * (e-mail) and online state need the relationship RelationService names, deleted
 * accounts are never shown, and ban state stays private.
 */
import { sql, type Kysely } from 'kysely';
import {
  Limits,
  type OnlineTerminals,
  type SelfUser,
  type Sex,
  type User,
  type UserType,
  type UserPrivacyRequest,
  type UserUpdateRequest,
} from '@parley/protocol';
import type { Database, UserPatch, UserRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { Presence } from '../realtime/presence.js';
import type { AuthInfo } from './auth.js';
import type { Facts } from './facts/facts.js';
import type { RelationService } from './relation.js';

export function toWireUser(row: UserRow, online: boolean): User {
  return {
    id: row.id,
    userName: row.user_name,
    nickName: row.nick_name,
    headImage: row.head_image,
    headImageThumb: row.head_image_thumb,
    sex: row.sex as Sex,
    sexSet: row.sex_set === 1,
    signature: row.signature,
    type: row.type as UserType,
    isBanned: row.is_banned === 1,
    reason: row.ban_reason,
    deleted: row.deleted === 1,
    online,
  };
}

/**
 * `row` as another user sees it: the User shape kept, hidden fields neutral (user
 * name '', not banned, no reason, not deleted: deleted users are never returned).
 */
export function toPublicUser(row: UserRow, show: { userName: boolean; online: boolean }): User {
  return {
    ...toWireUser(row, show.online),
    userName: show.userName ? row.user_name : '',
    isBanned: false,
    reason: '',
    deleted: false,
  };
}

/** LIKE pattern matching `text` anywhere, with the wildcards in it taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class UserService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly presence: Presence,
    private readonly relations: RelationService,
    private readonly facts: Facts,
    /** FriendService.pushLastSeenSetting: the friend entries a privacy change alters. */
    private readonly onLastSeenSetting: (userId: number) => Promise<void>,
    /** FriendRequestService.consentOf: the user's choice or the operator's default. */
    private readonly consentOf: (row: UserRow) => boolean,
  ) {}

  /**
   * The caller's own account with `isOperator`, read from the database rather than the
   * cached facts: the role is also granted and revoked from outside the server
   * (`npm run operator`), and the app reads this once per start.
   */
  async self(auth: AuthInfo): Promise<SelfUser> {
    const row = (await this.facts.freshUser(auth.userId)) ?? auth.user;
    return {
      ...toWireUser(row, await this.presence.isOnline(auth.userId)),
      isOperator: row.is_operator === 1,
      showLastSeen: row.show_last_seen === 1,
      friendConsent: this.consentOf(row),
    };
  }

  /** Self in full; anyone else as a public user (deleted → userNotExist). */
  async find(auth: AuthInfo, id: number): Promise<User> {
    if (id === auth.userId) return this.self(auth);
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw new AppError('userNotExist');
    const [users] = await this.viewsOf(auth.userId, [row]);
    return users!;
  }

  async update(auth: AuthInfo, req: UserUpdateRequest): Promise<void> {
    if (req.id !== undefined && req.id !== auth.userId) throw new AppError('cannotEditOtherUser');
    const patch: UserPatch = { nick_name: req.nickName };
    if (req.headImage !== undefined) patch.head_image = req.headImage;
    if (req.headImageThumb !== undefined) patch.head_image_thumb = req.headImageThumb;
    if (req.sex !== undefined) {
      patch.sex = req.sex;
      patch.sex_set = 1;
    } else if (req.sexSet === false) {
      patch.sex = 0;
      patch.sex_set = 0;
    }
    if (req.signature !== undefined) patch.signature = req.signature;
    await this.db.updateTable('users').set(patch).where('id', '=', auth.userId).execute();
    await this.facts.changed({ kind: 'user', id: auth.userId });
  }

  /**
   * The caller's privacy settings. A change of "show my last seen" reaches every
   * friend list it touches (theirs and mine) through the friend sync frames.
   */
  async privacy(auth: AuthInfo, req: UserPrivacyRequest): Promise<void> {
    if (req.friendConsent !== undefined) {
      // Stored even when it equals the operator's default: the user chose it.
      await this.db
        .updateTable('users')
        .set({ friend_consent: req.friendConsent ? 1 : 0 })
        .where('id', '=', auth.userId)
        .execute();
      await this.facts.changed({ kind: 'user', id: auth.userId });
    }
    if (req.showLastSeen === undefined) return;
    const showLastSeen = req.showLastSeen ? 1 : 0;
    const changed = await this.db
      .updateTable('users')
      .set({ show_last_seen: showLastSeen })
      .where('id', '=', auth.userId)
      .where('show_last_seen', '!=', showLastSeen)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return;
    await this.facts.changed({ kind: 'user', id: auth.userId });
    await this.onLastSeenSetting(auth.userId);
  }

  /**
   * Nicknames containing `name` (case-insensitive), plus the user whose user name is
   * exactly `name`, listed first and with the user name: a user name is never matched
   * in part, so no search lists e-mail addresses. Deleted accounts never show.
   */
  async findByName(auth: AuthInfo, name: string): Promise<User[]> {
    const text = name.toLowerCase();
    const rows = await this.db
      .selectFrom('users')
      .selectAll()
      .where('deleted', '=', 0)
      .where((eb) =>
        eb.or([
          eb('user_name', '=', text),
          sql<boolean>`lower(${eb.ref('nick_name')}) like ${containsPattern(text)} escape '\\'`,
        ]),
      )
      .orderBy(sql`case when user_name = ${text} then 0 else 1 end`)
      .orderBy('id')
      .limit(Limits.FIND_BY_NAME_MAX)
      .execute();
    return this.viewsOf(auth.userId, rows, text);
  }

  /** Online terminals of the users the caller may see (RelationService.canSeePresence); others are left out. */
  async terminalOnline(auth: AuthInfo, userIds: readonly number[]): Promise<OnlineTerminals[]> {
    const visible = await this.relations.canSeePresence(auth.userId, userIds);
    const online = await this.presence.onlineTerminals(userIds.filter((id) => visible.has(id)));
    return [...online].map(([userId, terminals]) => ({ userId, terminals }));
  }

  async updateOnlineTime(auth: AuthInfo): Promise<void> {
    await this.db.updateTable('users').set({ last_online_at: Date.now() }).where('id', '=', auth.userId).execute();
    await this.facts.changed({ kind: 'user', id: auth.userId });
  }

  /** `rows` as `viewer` sees them; `searchedUserName` shows the user name of the user it names exactly. */
  private async viewsOf(viewer: number, rows: readonly UserRow[], searchedUserName?: string): Promise<User[]> {
    const ids = rows.map((r) => r.id);
    const [presenceOk, userNameOk] = await Promise.all([
      this.relations.canSeePresence(viewer, ids),
      this.relations.canSeeUserName(viewer, ids),
    ]);
    const online = await this.presence.onlineTerminals(ids.filter((id) => presenceOk.has(id)));
    return rows.map((r) => {
      if (r.id === viewer) return toWireUser(r, online.has(r.id));
      return toPublicUser(r, {
        userName: userNameOk.has(r.id) || r.user_name === searchedUserName,
        online: online.has(r.id),
      });
    });
  }
}
