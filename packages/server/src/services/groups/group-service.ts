/**
 * Group management (wire-contract §5): create, modify, dissolve, find, list, invite,
 * members, remove, quit (roles and mutes are in group-roles.ts). Changes of
 * membership run on the group stream (stream.ts) and leave a tip in the group; every
 * change syncs the group to its members (types 90–92, changes.ts).
 */
import type { Kysely } from 'kysely';
import {
  MessageType,
  buildGroupTip,
  type Group,
  type GroupCreateRequest,
  type GroupMember,
  type GroupModifyRequest,
} from '@parley/protocol';
import type { Database, GroupsTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Presence } from '../../realtime/presence.js';
import type { PushService } from '../../realtime/push.js';
import type { RelationService } from '../relation.js';
import {
  activeMembers,
  assertActive,
  assertEverMember,
  assertMember,
  isManager,
  isOwner,
  loadAccess,
} from './access.js';
import type { GroupStream } from './stream.js';
import type { GroupChanges } from './changes.js';
import { groupViews, memberCount, pushGroupSync } from './sync.js';
import { quitViewOf } from './quit-view.js';
import { toWireMember, type MemberWithUser } from './wire.js';

const { GROUP_NEW, GROUP_UPDATE } = MessageType;

export class GroupService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly stream: GroupStream,
    private readonly push: PushService,
    private readonly presence: Presence,
    private readonly relations: RelationService,
    private readonly maxMembers: number,
    private readonly changes: GroupChanges,
  ) {}

  async create(me: number, req: GroupCreateRequest): Promise<Group> {
    const friendIds = [...new Set(req.friendIds)].filter((id) => id !== me);
    await this.assertFriends(me, friendIds);
    if (friendIds.length + 1 > this.maxMembers) throw new AppError('groupFull', { max: this.maxMembers });
    const group = await this.stream.run(async (db) => {
      const now = this.stream.clock();
      const row = await db
        .insertInto('groups')
        .values({
          name: req.name,
          owner_id: me,
          head_image: req.headImage ?? '',
          head_image_thumb: req.headImageThumb ?? '',
          notice: req.notice ?? '',
          is_muted: 0,
          forbid_add_friend: 0,
          is_banned: 0,
          ban_reason: '',
          dissolved: 0,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.join(db, row.id, [me, ...friendIds]);
      const nameOf = await this.changes.names(db, row.id, [me, ...friendIds]);
      const name = nameOf(me);
      const tip = friendIds.length
        ? buildGroupTip('createdAndInvited', { name, members: friendIds.map(nameOf) })
        : buildGroupTip('created', { name });
      await this.stream.tipToMembers(db, row.id, me, tip);
      return row;
    });
    await pushGroupSync(this.db, this.push, group, [me, ...friendIds], GROUP_NEW);
    return this.find(me, group.id);
  }

  async modify(me: number, req: GroupModifyRequest): Promise<Group> {
    const access = await loadAccess(this.db, req.id, me);
    const member = assertActive(access);
    const { group } = access;
    const patch: Partial<Pick<GroupsTable, 'name' | 'head_image' | 'head_image_thumb' | 'notice'>> = {};
    if (req.name !== undefined && req.name !== group.name) patch.name = req.name;
    if (req.headImage !== undefined && req.headImage !== group.head_image) patch.head_image = req.headImage;
    if (req.headImageThumb !== undefined && req.headImageThumb !== group.head_image_thumb) {
      patch.head_image_thumb = req.headImageThumb;
    }
    if (req.notice !== undefined && req.notice !== group.notice) patch.notice = req.notice;
    if (Object.keys(patch).length > 0 && !isOwner(access, me)) throw new AppError('onlyOwnerEditGroup');
    const mine: { remark_nick_name?: string; remark_group_name?: string } = {};
    if (req.remarkNickName !== undefined) mine.remark_nick_name = req.remarkNickName;
    const nickChanged = req.remarkNickName !== undefined && req.remarkNickName !== member.remark_nick_name;
    if (req.remarkGroupName !== undefined) mine.remark_group_name = req.remarkGroupName;
    if (Object.keys(mine).length > 0) {
      await this.db.updateTable('group_members').set(mine).where('id', '=', member.id).execute();
    }
    if (Object.keys(patch).length > 0) {
      const updated = await this.stream.run(async (db) => {
        await db.updateTable('groups').set(patch).where('id', '=', group.id).execute();
        const name = await this.changes.name(db, group.id, me);
        if (patch.name !== undefined)
          await this.stream.tipToMembers(db, group.id, me, buildGroupTip('renamed', { name, group: patch.name }));
        if (patch.notice !== undefined) {
          await this.stream.tipToMembers(db, group.id, me, buildGroupTip('noticeChanged', { name }));
          // A new text (not a cleared one) is posted as a card, as WeChat does; the tip stays for older clients.
          if (patch.notice !== '') await this.stream.announce(db, group.id, me, name, patch.notice);
        }
        return db.selectFrom('groups').selectAll().where('id', '=', group.id).executeTakeFirstOrThrow();
      });
      await this.changes.syncAll(updated, [], nickChanged ? [me] : []);
    } else if (nickChanged) {
      await this.changes.syncAll(group, [], [me]); // every member list shows my display nickname
    } else if (Object.keys(mine).length > 0) {
      await pushGroupSync(this.db, this.push, group, [me], GROUP_UPDATE);
    }
    return this.find(me, group.id);
  }

  /** Owner only: the group stays in every member's list, dissolved and read-only. */
  async dissolve(me: number, groupId: number): Promise<void> {
    const access = await loadAccess(this.db, groupId, me);
    assertActive(access);
    if (!isOwner(access, me)) throw new AppError('onlyOwnerDisband');
    const group = await this.stream.run(async (db) => {
      const name = await this.changes.name(db, groupId, me);
      await this.stream.tipToMembers(db, groupId, me, buildGroupTip('dissolved', { name }));
      await db.updateTable('groups').set({ dissolved: 1 }).where('id', '=', groupId).execute();
      return db.selectFrom('groups').selectAll().where('id', '=', groupId).executeTakeFirstOrThrow();
    });
    await this.changes.syncAll(group);
  }

  /** A member, current or former, sees the group (former: `quit`); anyone else: notGroupMember. */
  async find(me: number, groupId: number): Promise<Group> {
    const access = await loadAccess(this.db, groupId, me);
    assertEverMember(access);
    return (await groupViews(this.db, access.group, [me])).get(me)!;
  }

  /** Every group I am or was in, newest first. */
  async list(me: number): Promise<Group[]> {
    const groups = await this.db
      .selectFrom('groups as g')
      .innerJoin('group_members as m', 'm.group_id', 'g.id')
      .selectAll('g')
      .where('m.user_id', '=', me)
      .orderBy('g.id', 'desc')
      .execute();
    const out: Group[] = [];
    for (const g of groups) out.push((await groupViews(this.db, g, [me])).get(me)!);
    return out;
  }

  /** Members invite their friends (at most 50 a call); those already in are skipped. */
  async invite(me: number, groupId: number, friendIds: readonly number[]): Promise<void> {
    const access = await loadAccess(this.db, groupId, me);
    assertActive(access);
    const ids = [...new Set(friendIds)].filter((id) => id !== me);
    await this.assertFriends(me, ids);
    const joined = await this.stream.run(async (db) => {
      const current = new Set(await this.stream.activeMemberIds(db, groupId));
      const fresh = ids.filter((id) => !current.has(id));
      if (fresh.length === 0) return fresh;
      if (current.size + fresh.length > this.maxMembers) throw new AppError('groupFull', { max: this.maxMembers });
      await this.join(db, groupId, fresh);
      const nameOf = await this.changes.names(db, groupId, [me, ...fresh]);
      const tip = buildGroupTip('invited', { name: nameOf(me), members: fresh.map(nameOf) });
      await this.stream.tipToMembers(db, groupId, me, tip);
      return fresh;
    });
    if (joined.length === 0) return;
    await pushGroupSync(this.db, this.push, access.group, joined, GROUP_NEW);
    await this.changes.syncAll(access.group, joined, joined);
  }

  /** Current members, online first, then the owner, admins and by join order. */
  async members(me: number, groupId: number): Promise<GroupMember[]> {
    const access = await loadAccess(this.db, groupId, me);
    assertMember(access);
    const rows: MemberWithUser[] = await this.db
      .selectFrom('group_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .selectAll('m')
      .select(['u.nick_name', 'u.head_image', 'u.head_image_thumb'])
      .where('m.group_id', '=', groupId)
      .where('m.quit', '=', 0)
      .orderBy('m.id')
      .execute();
    // Fellow members see each other online (RelationService.canSeePresence names groups as a reason).
    const online = await this.presence.onlineTerminals(rows.map((r) => r.user_id));
    const members = rows.map((r) => toWireMember(access.group, r, online.has(r.user_id)));
    const rank = (m: GroupMember) => (m.online ? 0 : 3) + (m.isOwner ? 0 : m.isManager ? 1 : 2);
    return members
      .map((m, i) => ({ m, i }))
      .sort((a, b) => rank(a.m) - rank(b.m) || a.i - b.i)
      .map((x) => x.m);
  }

  /** Owner or admin; never the owner, never yourself; an admin removes members only. */
  async remove(me: number, groupId: number, userIds: readonly number[]): Promise<void> {
    const access = await loadAccess(this.db, groupId, me);
    assertActive(access);
    if (!isManager(access)) throw new AppError('noPermissionKick');
    if (userIds.includes(me)) throw new AppError('cannotRemoveSelf');
    if (userIds.includes(access.group.owner_id)) throw new AppError('noPermissionKick');
    const targets = await activeMembers(this.db, groupId, userIds);
    if (!isOwner(access, me) && targets.some((t) => t.is_manager === 1)) throw new AppError('noPermissionKick');
    const ids = targets.map((t) => t.user_id);
    await this.stream.run(async (db) => {
      const nameOf = await this.changes.names(db, groupId, [me, ...ids]);
      // The tip is the last message the removed members see.
      const tip = buildGroupTip('removed', { name: nameOf(me), members: ids.map(nameOf) });
      const row = await this.stream.tipToMembers(db, groupId, me, tip);
      await this.leave(db, groupId, ids, row.id);
    });
    await this.changes.syncAll(access.group, ids, ids);
  }

  /** Members leave; the owner must dissolve instead. */
  async quit(me: number, groupId: number): Promise<void> {
    const access = await loadAccess(this.db, groupId, me);
    assertMember(access);
    if (isOwner(access, me)) throw new AppError('ownerCannotQuit');
    await this.stream.run(async (db) => {
      const name = await this.changes.name(db, groupId, me);
      const tip = await this.stream.tipToMembers(db, groupId, me, buildGroupTip('left', { name }));
      await this.leave(db, groupId, [me], tip.id);
    });
    await this.changes.syncAll(access.group, [me], [me]);
  }

  /** `ids` must all be my friends (both directions); else inviteFailed. */
  private async assertFriends(me: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const friends = await this.relations.mutualFriends(me, ids, true);
    if (ids.some((id) => !friends.has(id))) throw new AppError('inviteFailed');
  }

  /** Adds (or brings back) members from the next stream id on (call under the stream). */
  private async join(db: Kysely<Database>, groupId: number, userIds: readonly number[]): Promise<void> {
    const from = await this.stream.lastId(db);
    const now = this.stream.clock();
    for (const userId of userIds) {
      const back = await db
        .updateTable('group_members')
        .set({
          quit: 0,
          quit_at_id: null,
          quit_view: null,
          joined_at_id: from,
          read_max_id: from,
          is_manager: 0,
          is_muted: 0,
        })
        .where('group_id', '=', groupId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(back.numUpdatedRows) > 0) continue;
      await db
        .insertInto('group_members')
        .values({
          group_id: groupId,
          user_id: userId,
          remark_nick_name: '',
          remark_group_name: '',
          is_manager: 0,
          is_muted: 0,
          is_dnd: 0,
          quit: 0,
          joined_at_id: from,
          quit_at_id: null,
          quit_view: null,
          read_max_id: from,
          created_at: now,
        })
        .execute();
    }
  }

  /**
   * Members leave after `lastId`, the last message they see, keeping the group as they
   * saw it then: a former member learns nothing later (call under the stream).
   */
  private async leave(db: Kysely<Database>, groupId: number, userIds: readonly number[], lastId: number) {
    const gone = () => db.updateTable('group_members').where('group_id', '=', groupId).where('user_id', 'in', userIds);
    await gone().set({ quit: 1, quit_at_id: lastId, is_manager: 0 }).execute();
    const group = await db.selectFrom('groups').selectAll().where('id', '=', groupId).executeTakeFirstOrThrow();
    await gone()
      .set({ quit_view: quitViewOf(group, await memberCount(db, groupId)) })
      .execute();
  }
}
