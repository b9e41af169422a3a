/**
 * Roles and voices in a group (wire-contract §5): my do-not-disturb, admins (owner
 * only), mute all (owner only), mute members (owner or admin; an admin cannot mute
 * the owner or another admin), forbid mutual contact (owner or admin). Each change
 * leaves a tip and syncs the group with the touched members' entries.
 */
import type { Kysely } from 'kysely';
import { MessageType, buildGroupTip } from '@parley/protocol';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { PushService } from '../../realtime/push.js';
import {
  activeMembers,
  assertActive,
  assertEverMember,
  assertMember,
  isManager,
  isOwner,
  loadAccess,
} from './access.js';
import type { GroupChanges } from './changes.js';
import type { GroupStream } from './stream.js';
import { pushGroupSync } from './sync.js';

export class GroupRoleService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly stream: GroupStream,
    private readonly push: PushService,
    private readonly changes: GroupChanges,
    /** Most admins besides the owner. */
    private readonly adminsMax: number,
  ) {}

  async dnd(me: number, groupId: number, isDnd: boolean): Promise<void> {
    const access = await loadAccess(this.db, groupId, me);
    const member = assertMember(access);
    await this.db
      .updateTable('group_members')
      .set({ is_dnd: isDnd ? 1 : 0 })
      .where('id', '=', member.id)
      .execute();
    await pushGroupSync(this.db, this.push, access.group, [me], MessageType.GROUP_UPDATE);
  }

  /** My pin of the group's chat to the top of my chat list (now), or its removal; a former member may pin too. */
  async top(me: number, groupId: number, isTop: boolean): Promise<void> {
    const access = await loadAccess(this.db, groupId, me);
    const member = assertEverMember(access);
    await this.db
      .updateTable('group_members')
      .set({ pinned_at: isTop ? this.stream.clock() : 0 })
      .where('id', '=', member.id)
      .execute();
    await pushGroupSync(this.db, this.push, access.group, [me], MessageType.GROUP_UPDATE);
  }

  /** Owner only: admins among the current members (never the owner), at most `adminsMax`. */
  async setManagers(me: number, groupId: number, userIds: readonly number[], on: boolean): Promise<void> {
    const access = await loadAccess(this.db, groupId, me);
    assertActive(access);
    if (!isOwner(access, me)) throw new AppError('onlyOwnerSetAdmin');
    const targets = (await activeMembers(this.db, groupId, userIds)).filter((t) => t.user_id !== me);
    const changed = targets.filter((t) => (t.is_manager === 1) !== on).map((t) => t.user_id);
    if (changed.length === 0) return;
    await this.stream.run(async (db) => {
      // Counted under the group's lock: two additions at once cannot pass the cap together.
      if (on) {
        const { n } = await db
          .selectFrom('group_members')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('group_id', '=', groupId)
          .where('quit', '=', 0)
          .where('is_manager', '=', 1)
          .where('user_id', '!=', access.group.owner_id)
          .executeTakeFirstOrThrow();
        if (Number(n) + changed.length > this.adminsMax) throw new AppError('tooManyAdmins', { max: this.adminsMax });
      }
      await db
        .updateTable('group_members')
        .set({ is_manager: on ? 1 : 0 })
        .where('group_id', '=', groupId)
        .where('user_id', 'in', changed)
        .execute();
      const nameOf = await this.changes.names(db, groupId, changed);
      const tip = buildGroupTip(on ? 'adminOn' : 'adminOff', { members: changed.map(nameOf) });
      await this.stream.tipToMembers(db, groupId, me, tip);
    });
    await this.changes.syncAll(access.group, [], changed);
  }

  /** Owner only: everyone but the owner and admins is muted. */
  async muteAll(me: number, groupId: number, isMuted: boolean): Promise<void> {
    const access = await loadAccess(this.db, groupId, me);
    assertActive(access);
    if (!isOwner(access, me)) throw new AppError('onlyOwnerMuteAll');
    if ((access.group.is_muted === 1) === isMuted) return;
    const group = await this.stream.run(async (db) => {
      await db
        .updateTable('groups')
        .set({ is_muted: isMuted ? 1 : 0 })
        .where('id', '=', groupId)
        .execute();
      await this.stream.tipToMembers(db, groupId, me, buildGroupTip(isMuted ? 'muteAllOn' : 'muteAllOff', {}));
      return db.selectFrom('groups').selectAll().where('id', '=', groupId).executeTakeFirstOrThrow();
    });
    await this.changes.syncAll(group);
  }

  /** Owner or admin; an admin cannot mute the owner or another admin. */
  async muteMembers(me: number, groupId: number, userIds: readonly number[], isMuted: boolean): Promise<void> {
    const access = await loadAccess(this.db, groupId, me);
    assertActive(access);
    if (!isManager(access)) throw new AppError('onlyOwnerOrAdminMute');
    const targets = await activeMembers(this.db, groupId, userIds);
    const ownerActs = isOwner(access, me);
    for (const t of targets) {
      if (t.user_id === access.group.owner_id || (!ownerActs && t.is_manager === 1))
        throw new AppError('cannotMuteManager');
    }
    const ids = targets.map((t) => t.user_id);
    await this.stream.run(async (db) => {
      await db
        .updateTable('group_members')
        .set({ is_muted: isMuted ? 1 : 0 })
        .where('group_id', '=', groupId)
        .where('user_id', 'in', ids)
        .execute();
      const nameOf = await this.changes.names(db, groupId, ids);
      const tip = buildGroupTip(isMuted ? 'memberMuted' : 'memberUnmuted', { members: ids.map(nameOf) });
      await this.stream.tipToMembers(db, groupId, me, tip);
    });
    await this.changes.syncAll(access.group, [], ids);
  }

  /** Owner or admin: members may not add each other as friends through this group. */
  async forbidAddFriend(me: number, groupId: number, enabled: boolean): Promise<void> {
    const access = await loadAccess(this.db, groupId, me);
    assertActive(access);
    if (!isManager(access)) throw new AppError('onlyOwnerOrAdminForbid');
    await this.db
      .updateTable('groups')
      .set({ forbid_add_friend: enabled ? 1 : 0 })
      .where('id', '=', groupId)
      .execute();
    await this.changes.syncAll({ ...access.group, forbid_add_friend: enabled ? 1 : 0 });
  }
}
