/**
 * Account bans and deletions. The admin features of later issues call these; they
 * change the row, end every session and tell live sockets through the push path
 * (SYSTEM_MESSAGE type 50/54, then close 3099).
 */
import type { Kysely } from 'kysely';
import { Cmd, CloseCode, MessageType, ServerErrors } from '@parley/protocol';
import type { Database } from '../db/schema.js';
import type { PushService } from '../realtime/push.js';

export class ModerationService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly push: PushService,
    /** Ends what the account takes part in beyond its sessions (calls). */
    private readonly onAccountClosed: (userId: number) => Promise<void> = async () => undefined,
  ) {}

  async banUser(userId: number, reason: string): Promise<void> {
    await this.db.updateTable('users').set({ is_banned: 1, ban_reason: reason }).where('id', '=', userId).execute();
    await this.notifyAccountClosed(userId, MessageType.USER_BANNED, reason);
    await this.onAccountClosed(userId);
  }

  async unbanUser(userId: number): Promise<void> {
    await this.db.updateTable('users').set({ is_banned: 0, ban_reason: '' }).where('id', '=', userId).execute();
  }

  async deleteUser(userId: number): Promise<void> {
    await this.db.updateTable('users').set({ deleted: 1 }).where('id', '=', userId).execute();
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: Date.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    await this.notifyAccountClosed(userId, MessageType.USER_UNREG, ServerErrors.accountDeleted.message);
    await this.onAccountClosed(userId);
  }

  /** Tells every live socket of the user and closes it with 3099. */
  notifyAccountClosed(
    userId: number,
    type: typeof MessageType.USER_BANNED | typeof MessageType.USER_UNREG,
    reason: string,
  ): Promise<void> {
    return this.push.toUser(
      userId,
      { cmd: Cmd.SYSTEM_MESSAGE, data: { type, content: reason } },
      { close: { code: CloseCode.BANNED_OR_UNREG, reason: type === MessageType.USER_BANNED ? 'banned' : 'deleted' } },
    );
  }
}
