/**
 * The moderation console's actions on users and groups (docs/PROTOCOL.md "Moderation
 * console"). Every change writes its audit entry in the change's transaction, then
 * leaves through the push path: account closures through ModerationService, group
 * bans as GROUP_UPDATE (92) frames to the members, and the group's call ends.
 */
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import {
  AuditAction,
  AuditTargetType,
  ConsoleLimits,
  UserType,
  type AuditEntry,
  type ConsoleGroup,
  type ConsoleSystemSendRequest,
  type ConsoleUser,
} from '@parley/protocol';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { GroupChanges } from '../groups/changes.js';
import type { Services } from '../index.js';
import { temporaryPassword } from '../password-reset/new-password.js';
import { auditPage, record, type AuditInput } from './audit.js';
import { consoleGroups, consoleUsers, containsPattern, countOf, idOf, offset, type Paged } from './views.js';

export type ConsoleDeps = Pick<
  Services,
  'moderation' | 'groupCalls' | 'systemMessages' | 'complaints' | 'passwordReset'
>;

export class ConsoleService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly groupChanges: GroupChanges,
    /** The rest of the graph, read when used (built in the same object as this service). */
    private readonly services: () => ConsoleDeps,
    private readonly clock: () => number,
  ) {}

  /** Given the caller's row read fresh (routes/console.ts): a revoked operator is refused at once. */
  static assertOperator(user: { is_operator: number }): void {
    if (user.is_operator !== 1) throw new AppError('notOperator');
  }

  // ---- users ----

  /** By id, user name or nickname (contains); banned and deleted included; newest first. */
  async users(keyword: string | undefined, page: number): Promise<Paged<ConsoleUser>> {
    const { rows, total } = await this.search('users', keyword, page, (like) => [
      sql<boolean>`user_name like ${like} escape '\\'`,
      sql<boolean>`lower(nick_name) like ${like} escape '\\'`,
    ]);
    return { items: await consoleUsers(this.db, rows), total };
  }

  async user(id: number): Promise<ConsoleUser> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('userNotExist');
    return (await consoleUsers(this.db, [row]))[0]!;
  }

  async banUser(operatorId: number, id: number, reason: string): Promise<ConsoleUser> {
    await this.assertUserTarget(operatorId, id);
    const entry = { operatorId, action: AuditAction.USER_BAN, targetType: AuditTargetType.USER, targetId: id, reason };
    await this.services().moderation.banUser(id, reason, this.audit(entry));
    return this.user(id);
  }

  async unbanUser(operatorId: number, id: number): Promise<ConsoleUser> {
    await this.assertUserTarget(operatorId, id);
    const entry = { operatorId, action: AuditAction.USER_UNBAN, targetType: AuditTargetType.USER, targetId: id };
    await this.services().moderation.unbanUser(id, this.audit(entry));
    return this.user(id);
  }

  async deleteUser(operatorId: number, id: number): Promise<ConsoleUser> {
    await this.assertUserTarget(operatorId, id);
    const entry = { operatorId, action: AuditAction.USER_DELETE, targetType: AuditTargetType.USER, targetId: id };
    await this.services().moderation.deleteUser(id, this.audit(entry));
    return this.user(id);
  }

  /**
   * A new password for a user who cannot use a mailed link (no SMTP, or no access to
   * the mailbox): `password` as the operator typed it, else a random temporary one;
   * either is returned once, never logged (the audit entry says only which it was).
   * Every session of the user ends.
   */
  async resetPassword(operatorId: number, id: number, password?: string): Promise<{ password: string }> {
    await this.assertUserTarget(operatorId, id);
    const row = await this.db
      .selectFrom('users')
      .select(['type', 'deleted'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.deleted) throw new AppError('accountDeleted');
    if (row.type === UserType.TRIAL) throw new AppError('trialCannotChangePassword');
    const next = password ?? temporaryPassword();
    const entry: AuditInput = {
      operatorId,
      action: AuditAction.USER_RESET_PASSWORD,
      targetType: AuditTargetType.USER,
      targetId: id,
      detail: { generated: password === undefined },
    };
    await this.services().passwordReset.setPassword(id, next, this.audit(entry));
    return { password: next };
  }

  // ---- groups ----

  /** By id or name (contains); banned and dissolved included; newest first. */
  async groups(keyword: string | undefined, page: number): Promise<Paged<ConsoleGroup>> {
    const { rows, total } = await this.search('groups', keyword, page, (like) => [
      sql<boolean>`lower(name) like ${like} escape '\\'`,
    ]);
    return { items: await consoleGroups(this.db, rows), total };
  }

  async group(id: number): Promise<ConsoleGroup> {
    const row = await this.db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('groupNotExist');
    return (await consoleGroups(this.db, [row]))[0]!;
  }

  /** Members see the group banned (type 92), sends are refused (groupBanned) and its call ends. */
  async banGroup(operatorId: number, id: number, reason: string): Promise<ConsoleGroup> {
    await this.setGroupBan(operatorId, id, true, reason);
    await this.services().groupCalls.onGroupDissolved(id);
    return this.group(id);
  }

  async unbanGroup(operatorId: number, id: number): Promise<ConsoleGroup> {
    await this.setGroupBan(operatorId, id, false, '');
    return this.group(id);
  }

  /**
   * One page, newest first, of `table`'s rows whose text `columns` contain the keyword
   * (lower-cased, as a LIKE pattern) or whose id it is; every row without a keyword.
   */
  private async search<T extends 'users' | 'groups'>(
    table: T,
    keyword: string | undefined,
    page: number,
    columns: (like: string) => RawBuilder<boolean>[],
  ) {
    const base = () => {
      const q = this.db.selectFrom(table as 'users' | 'groups');
      if (!keyword) return q;
      const id = idOf(keyword);
      return q.where((eb) =>
        eb.or([...columns(containsPattern(keyword.toLowerCase())), ...(id !== undefined ? [eb('id', '=', id)] : [])]),
      );
    };
    const rows = await base()
      .selectAll()
      .orderBy('id', 'desc')
      .limit(ConsoleLimits.PAGE_SIZE)
      .offset(offset(page))
      .execute();
    const total = countOf(
      await base()
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
    );
    return { rows: rows as unknown as Selectable<Database[T]>[], total };
  }

  // ---- system notifications and the audit log ----

  async sendSystem(operatorId: number, req: ConsoleSystemSendRequest): Promise<{ id: number; recipients: number }> {
    const { all, userIds, ...input } = req;
    const audience = all ? ({ all: true } as const) : { userIds };
    return this.services().systemMessages.send(input, audience, operatorId, {
      inTx: (trx, sent) =>
        record(
          trx,
          {
            operatorId,
            action: AuditAction.SYSTEM_SEND,
            targetType: AuditTargetType.SYSTEM,
            targetId: sent.id,
            detail: { title: input.title, audience: all ? 'all' : 'users', recipients: sent.recipients },
          },
          this.clock(),
        ),
    });
  }

  systemList(page: number) {
    return this.services().systemMessages.list(page);
  }

  auditLog(page: number): Promise<{ items: AuditEntry[]; total: number }> {
    return auditPage(this.db, page);
  }

  /** The audit entry as work for the change's transaction. */
  private audit(entry: AuditInput): (trx: Kysely<Database>) => Promise<void> {
    return (trx) => record(trx, entry, this.clock());
  }

  private async setGroupBan(operatorId: number, id: number, banned: boolean, reason: string): Promise<void> {
    const group = await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('groups')
        .set({ is_banned: banned ? 1 : 0, ban_reason: reason })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new AppError('groupNotExist');
      await record(
        trx,
        {
          operatorId,
          action: banned ? AuditAction.GROUP_BAN : AuditAction.GROUP_UNBAN,
          targetType: AuditTargetType.GROUP,
          targetId: id,
          reason,
        },
        this.clock(),
      );
      return trx.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    });
    await this.groupChanges.syncAll(group);
  }

  /** The target exists and is neither the operator nor another operator. */
  private async assertUserTarget(operatorId: number, id: number): Promise<void> {
    const row = await this.db.selectFrom('users').select(['id', 'is_operator']).where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('userNotExist');
    if (id === operatorId || row.is_operator === 1) throw new AppError('operatorTarget');
  }
}
