/**
 * Web push delivery (issue 11 point 5): watches the frames of the one push path and,
 * for a user none of whose terminals is connected, sends a notification to each live
 * subscription. Fire and forget: the sender's request never waits for it or fails by
 * it; sends run a few at a time; a subscription the push service calls gone (404/410)
 * is removed. Muted chats (friend or group do-not-disturb) send nothing at all; a
 * friend request comes from someone who is not a friend, so there is no chat to mute.
 */
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import { ChatType, Cmd, PushKind, type PushPayload, type ServerFrame, type Terminal } from '@parley/protocol';
import type { Database } from '../../db/schema.js';
import type { Presence } from '../../realtime/presence.js';
import { Semaphore } from '../semaphore.js';
import { noticeOf, type Notice } from './notice.js';
import type { PushSubscriptions, SubscriptionRow } from './subscriptions.js';
import type { VapidKeys } from './vapid.js';

export interface NotifierOptions {
  /** Sends at once (default 8). */
  concurrency?: number;
  /** Sends waiting beyond this are dropped (a broadcast to a huge offline crowd). */
  maxQueued?: number;
  timeoutMs?: number;
  log?: (msg: string, err?: unknown) => void;
  /** A socket of the user is on this node: known without a presence lookup (the common case). */
  connectedHere?: (userId: number) => boolean;
}

/** The frames a notification can come of (noticeOf). */
const NOTIFIABLE = new Set<number>([Cmd.PRIVATE_MESSAGE, Cmd.GROUP_MESSAGE, Cmd.SYSTEM_MESSAGE]);

export class PushNotifier {
  private readonly gate: Semaphore;
  private readonly inFlight = new Set<Promise<unknown>>();
  private queued = 0;
  /** Sends attempted and subscriptions dropped (tests, diagnostics). */
  readonly stats = { sent: 0, failed: 0, removed: 0, dropped: 0 };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly presence: Presence,
    private readonly subs: PushSubscriptions,
    private readonly vapid: VapidKeys,
    private readonly now: () => number,
    private readonly opts: NotifierOptions = {},
  ) {
    this.gate = new Semaphore(opts.concurrency ?? 8);
  }

  /** The PushService observer: never throws, never waits. */
  observe = (userIds: readonly number[], frame: ServerFrame, terminal?: Terminal): void => {
    if (!NOTIFIABLE.has(frame.cmd)) return;
    const here = this.opts.connectedHere;
    const senderId = Number((frame.data as { sendId?: unknown } | undefined)?.sendId);
    if (here && userIds.every((u) => u === senderId || here(u))) return;
    this.track(this.whenSomeoneOffline(userIds, senderId, frame, terminal));
  };

  /**
   * Nearly every frame reaches users who are online: the notice (its preview text) is
   * built only when one of the recipients other than the sender has no terminal connected.
   */
  private async whenSomeoneOffline(
    userIds: readonly number[],
    senderId: number,
    frame: ServerFrame,
    terminal?: Terminal,
  ) {
    const others = [...new Set(userIds)].filter((u) => u > 0 && u !== senderId);
    if (others.length === 0) return;
    const online = await this.presence.onlineTerminals(others);
    if (others.every((u) => online.has(u))) return;
    const notice = noticeOf(frame, terminal === undefined ? { userIds } : { userIds, terminal });
    if (notice) await this.handle(notice, notice.recipients ?? userIds);
  }

  /** Resolves when every started notification has been sent or given up (tests). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private track(p: Promise<unknown>): void {
    const guarded = p.catch((err: unknown) => this.opts.log?.('web push failed', err));
    this.inFlight.add(guarded);
    void guarded.finally(() => this.inFlight.delete(guarded));
  }

  private async handle(notice: Notice, targets: readonly number[]): Promise<void> {
    let userIds = [...new Set(targets)].filter((u) => u > 0 && u !== notice.senderId);
    if (userIds.length === 0) return;
    const online = await this.presence.onlineTerminals(userIds);
    userIds = userIds.filter((u) => !online.has(u));
    if (userIds.length === 0) return;
    const subs = await this.subs.live(userIds);
    if (subs.length === 0) return;
    const titles = await this.titles(notice, [...new Set(subs.map((s) => s.user_id))]);
    for (const sub of subs) {
      const title = titles.get(sub.user_id);
      if (title === undefined) continue; // muted, or no longer in the chat
      const payload: PushPayload = {
        kind: notice.kind,
        chatType: notice.chatType,
        chatId: notice.chatId,
        title,
        body: notice.body,
        type: notice.type,
        url: notice.url,
        time: this.now(),
      };
      if (notice.from && notice.chatType === ChatType.GROUP) payload.from = notice.from;
      this.enqueue(sub, payload, notice.ttl);
    }
  }

  /**
   * The notification title per recipient; a recipient left out is not told: they
   * muted the chat (calls and missed calls still come through a muted chat, as a ring
   * does on a connected terminal: docs/CALLS.md §2.5) or are not in it.
   */
  private async titles(notice: Notice, userIds: number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    const isCall = notice.kind === PushKind.CALL || notice.kind === PushKind.MISSED_CALL;
    if (notice.chatType === ChatType.SYSTEM || notice.kind === PushKind.FRIEND_REQUEST) {
      // The notification's title, or the requester's nickname (the service worker words it).
      for (const u of userIds) out.set(u, notice.from ?? '');
    } else if (notice.chatType === ChatType.PRIVATE) {
      const sender = await this.db
        .selectFrom('users')
        .select('nick_name')
        .where('id', '=', notice.chatId)
        .executeTakeFirst();
      if (!sender) return out;
      const rows = await this.db
        .selectFrom('friends')
        .select(['user_id', 'remark', 'is_dnd'])
        .where('friend_id', '=', notice.chatId)
        .where('user_id', 'in', userIds)
        .execute();
      for (const r of rows) if (isCall || r.is_dnd !== 1) out.set(Number(r.user_id), r.remark || sender.nick_name);
    } else {
      if (notice.kind === PushKind.CALL && notice.senderId !== null && !notice.from) {
        const caller = await this.db
          .selectFrom('users')
          .select('nick_name')
          .where('id', '=', notice.senderId)
          .executeTakeFirst();
        notice.from = caller?.nick_name ?? '';
      }
      const rows = await this.db
        .selectFrom('group_members as m')
        .innerJoin('groups as g', 'g.id', 'm.group_id')
        .select(['m.user_id', 'm.is_dnd', 'm.remark_group_name', 'g.name'])
        .where('m.group_id', '=', notice.chatId)
        .where('m.quit', '=', 0)
        .where('m.user_id', 'in', userIds)
        .execute();
      for (const r of rows) if (isCall || r.is_dnd !== 1) out.set(Number(r.user_id), r.remark_group_name || r.name);
    }
    return out;
  }

  private enqueue(sub: SubscriptionRow, payload: PushPayload, ttl: number): void {
    if (this.queued >= (this.opts.maxQueued ?? 10_000)) {
      this.stats.dropped++;
      return;
    }
    this.queued++;
    this.track(
      this.gate
        .run(() => this.send(sub, payload, ttl))
        .finally(() => {
          this.queued--;
        }),
    );
  }

  /**
   * web-push encrypts (aes128gcm) and signs (VAPID); the request itself goes out by
   * fetch, which also serves the http endpoints PUSH_ENDPOINT_HOSTS allows (tests).
   */
  private async send(sub: SubscriptionRow, payload: PushPayload, ttl: number): Promise<void> {
    let status: number;
    try {
      const req = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: this.vapid,
          TTL: ttl,
          urgency: 'high',
          // One notification per chat (or requester) waits at the push service; a newer one replaces it.
          topic: `${payload.kind === PushKind.FRIEND_REQUEST ? 'R' : payload.chatType[0]}${payload.chatId}`,
        },
      );
      const res = await fetch(req.endpoint, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req.body,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
      status = res.status;
      await res.body?.cancel();
    } catch (err) {
      this.stats.failed++;
      this.opts.log?.(`web push to ${new URL(sub.endpoint).host} failed`, err);
      return;
    }
    if (status >= 200 && status < 300) {
      this.stats.sent++;
      return;
    }
    this.stats.failed++;
    if (status === 404 || status === 410) {
      await this.subs.removeId(sub.id);
      this.stats.removed++;
    } else {
      this.opts.log?.(`web push to ${new URL(sub.endpoint).host} answered ${status}`);
    }
  }
}
