/**
 * Typing indicator (issue 11, point 21): a socket's TYPING frames are checked
 * (friendship and no block either way; membership of a live group the sender may
 * write in) and relayed to the peer's terminals or the group's other members,
 * through the bus so every node delivers to its own sockets. Never stored; a
 * refused frame is dropped silently (the sender learns nothing of the peer).
 */
import { ChatType, Cmd, Typing, type TypingNotice, type TypingRequest } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { PushService } from '../../realtime/push.js';
import { assertActive, isManager, loadAccess } from '../groups/access.js';
import type { RelationService } from '../relation.js';

/** Chats one socket keeps throttle state for; the oldest is forgotten beyond this. */
const CHATS_TRACKED_MAX = 64;

export type TypingRelay = (data: TypingRequest) => void;

export class TypingService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly relations: RelationService,
    private readonly push: PushService,
    private readonly onError: (err: unknown) => void,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The relay of one logged-in socket. Per chat, a start is relayed at most every
   * Typing.RELAY_MIN_MS, whatever came between (a stop does not open the way for the
   * next start), and a stop only after a relayed start; per socket, at most
   * Typing.RELAY_PER_MINUTE frames a minute. Everything else is dropped, before any
   * database read: an extra frame costs a map lookup.
   */
  forSocket(userId: number): TypingRelay {
    /** Per chat: when its last start was relayed, and whether no stop was relayed since. */
    const chats = new Map<string, { startAt: number; typing: boolean }>();
    let windowStart = 0;
    let inWindow = 0;
    // One socket's relays run one after another: each checks the database first, and a
    // stop whose check finished sooner must not overtake its start (seen on PostgreSQL).
    let tail: Promise<void> = Promise.resolve();
    return (data) => {
      const now = this.clock();
      const key = `${data.chatType}-${data.targetId}`;
      const last = chats.get(key);
      // A start: not within RELAY_MIN_MS of the chat's last relayed start, stops between or not.
      if (data.typing && last && now - last.startAt < Typing.RELAY_MIN_MS) return;
      // A stop: only after a relayed start.
      if (!data.typing && !last?.typing) return;
      if (now - windowStart >= 60_000) {
        windowStart = now;
        inWindow = 0;
      }
      if (inWindow >= Typing.RELAY_PER_MINUTE) return;
      inWindow += 1;
      chats.delete(key);
      chats.set(key, { startAt: data.typing ? now : last!.startAt, typing: data.typing });
      if (chats.size > CHATS_TRACKED_MAX) chats.delete(chats.keys().next().value!);
      tail = tail
        .then(() => this.relay(userId, data))
        .catch((err: unknown) => {
          if (!(err instanceof AppError)) this.onError(err);
        });
    };
  }

  /** Checks the sender's right to write in the chat, then pushes the notice; AppError = refused. */
  async relay(me: number, data: TypingRequest): Promise<void> {
    if (data.chatType === ChatType.PRIVATE) {
      await this.relations.assertChatOpen(me, data.targetId);
      const notice: TypingNotice = { chatType: ChatType.PRIVATE, targetId: me, sendId: me, typing: data.typing };
      // publish, not toUser: a typing frame is not a message, so web push must not see it.
      await this.push.publish({ target: { userIds: [data.targetId] }, frame: { cmd: Cmd.TYPING, data: notice } });
      return;
    }
    const access = await loadAccess(this.db, data.targetId, me);
    const member = assertActive(access);
    if ((access.group.is_muted === 1 && !isManager(access)) || member.is_muted === 1) return;
    const rows = await this.db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', data.targetId)
      .where('quit', '=', 0)
      .where('user_id', '!=', me)
      .execute();
    if (rows.length === 0) return;
    let sendNickName = member.remark_nick_name;
    if (!sendNickName) {
      const user = await this.db.selectFrom('users').select('nick_name').where('id', '=', me).executeTakeFirst();
      sendNickName = user?.nick_name ?? '';
    }
    const notice: TypingNotice = {
      chatType: ChatType.GROUP,
      targetId: data.targetId,
      sendId: me,
      sendNickName,
      typing: data.typing,
    };
    await this.push.publish({
      target: { userIds: rows.map((r) => r.user_id) },
      frame: { cmd: Cmd.TYPING, data: notice },
    });
  }
}
