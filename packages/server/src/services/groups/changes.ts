/**
 * What every group change shares: the display names its tip shows, and the sync of
 * the group (type 92) with the entries of the members it touched.
 */
import type { Kysely } from 'kysely';
import { MessageType } from '@parley/protocol';
import type { Database, GroupRow } from '../../db/schema.js';
import type { Presence } from '../../realtime/presence.js';
import type { PushService } from '../../realtime/push.js';
import type { GroupStream } from './stream.js';
import { memberEntries, pushGroupSync } from './sync.js';

export class GroupChanges {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly stream: GroupStream,
    private readonly push: PushService,
    private readonly presence: Presence,
  ) {}

  /** Display names in the group, as tips show them: the member's group nickname, else their nickname. */
  async names(db: Kysely<Database>, groupId: number, userIds: readonly number[]) {
    const rows = await db
      .selectFrom('users as u')
      .leftJoin('group_members as m', (j) => j.onRef('m.user_id', '=', 'u.id').on('m.group_id', '=', groupId))
      .select(['u.id', 'u.nick_name', 'm.remark_nick_name'])
      .where('u.id', 'in', [...new Set(userIds)])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r.remark_nick_name || r.nick_name]));
    return (id: number): string => byId.get(id) ?? '';
  }

  async name(db: Kysely<Database>, groupId: number, userId: number): Promise<string> {
    return (await this.names(db, groupId, [userId]))(userId);
  }

  /**
   * Syncs the group (type 92) to its current members and to `extra` (those who just
   * left or joined), with the entries of the `changed` members for held member lists.
   */
  async syncAll(group: GroupRow, extra: readonly number[] = [], changed: readonly number[] = []) {
    const fresh = await this.db.selectFrom('groups').selectAll().where('id', '=', group.id).executeTakeFirstOrThrow();
    const members = await this.stream.activeMemberIds(this.db, group.id);
    const entries = await memberEntries(this.db, this.presence, fresh, changed);
    await pushGroupSync(
      this.db,
      this.push,
      fresh,
      [...new Set([...members, ...extra])],
      MessageType.GROUP_UPDATE,
      entries,
    );
  }
}
