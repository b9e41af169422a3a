/**
 * Account bans and deletions. The admin features of later issues call these; they
 * change the row, end every session and tell live sockets through the push path
 * (SYSTEM_MESSAGE type 50/54, then close 3099).
 */
import type { Kysely } from 'kysely';
import { Cmd, CloseCode, MessageType, ServerErrors } from '@parley/protocol';
import type { Database } from '../db/schema.js';
import type { Facts } from './facts/facts.js';
import type { PushService } from '../realtime/push.js';

/** Work that commits with the change (or not at all). */
export type InTx = (trx: Kysely<Database>) => Promise<void>;

export class ModerationService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly push: PushService,
    private readonly facts: Facts,
    /** Ends what the account takes part in beyond its sessions (calls). */
    private readonly onAccountClosed: (userId: number) => Promise<void> = async () => undefined,
  ) {}

  /** `inTx` runs in the change's transaction (the console's audit entry). */
  async banUser(userId: number, reason: string, inTx?: InTx): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ is_banned: 1, ban_reason: reason }).where('id', '=', userId).execute();
      await inTx?.(trx);
    });
    await this.facts.changed({ kind: 'user', id: userId });
    await this.notifyAccountClosed(userId, MessageType.USER_BANNED, reason);
    await this.onAccountClosed(userId);
  }

  async unbanUser(userId: number, inTx?: InTx): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ is_banned: 0, ban_reason: '' }).where('id', '=', userId).execute();
      await inTx?.(trx);
    });
    await this.facts.changed({ kind: 'user', id: userId });
  }

  async deleteUser(userId: number, inTx?: InTx): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ deleted: 1 }).where('id', '=', userId).execute();
      await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: Date.now() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
      await inTx?.(trx);
    });
    await this.facts.changed({ kind: 'user', id: userId });
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
