/**
 * Stores and pushes the coalesced REACTION (14) notices (docs/PROTOCOL.md "Reactions").
 * A pending row (written with each change) is flushed when its window ends: under the
 * chat's write order (private: both users' serializer, as an edit; group: the stream
 * lock), one transaction takes the pending row out, reads the current reactions,
 * writes the summary and `react_time` (strictly increasing) on the message and stores
 * the REACTION message; it is published after the commit, still under the lock, so it
 * takes its place in the stream's id order for live and pulling terminals alike.
 *
 * Every node runs one: its own changes wake it at their due time, and a periodic sweep
 * (and one at start) takes rows a stopped node left behind. Two nodes flushing the
 * same message is safe: the second finds the pending row gone and stores nothing.
 */
import type { Kysely } from 'kysely';
import { Cmd, MessageStatus, MessageType, type ReactionNotice } from '@parley/protocol';
import type { DialectName } from '../../db/connect.js';
import type { Database, GroupMessageRow, PrivateMessageRow } from '../../db/schema.js';
import type { PushService } from '../../realtime/push.js';
import type { GroupStream } from '../groups/stream.js';
import { toWireGroupMessage } from '../groups/wire.js';
import { toWirePrivateMessage } from '../private-message-wire.js';
import type { UserSerializer } from '../user-serializer.js';
import { buildSummary, ReactionKind } from './summary.js';
import { lockMessage, readTarget, toTarget, type ReactTarget } from './targets.js';

/** Pending rows flushed per sweep round (a round repeats while it fills). */
const SWEEP_BATCH = 200;

export interface FlusherOptions {
  /** The backstop sweep for rows of other or stopped nodes (ms). */
  sweepMs: number;
  onError: (err: unknown) => void;
}

export class ReactionFlusher {
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Infinity;
  private sweep: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly serializer: UserSerializer,
    private readonly stream: GroupStream,
    private readonly push: PushService,
    private readonly clock: () => number,
    private readonly opts: FlusherOptions,
  ) {}

  start(): void {
    this.stopped = false;
    this.sweep = setInterval(() => this.kick(), this.opts.sweepMs);
    this.sweep.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweep);
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** A change committed: a private one is flushed now (the caller waits), a group one at `due`. */
  async changed(target: ReactTarget, due: number): Promise<void> {
    if (due > this.clock()) return this.wakeAt(due);
    try {
      await this.flush(target);
    } catch (err) {
      // The change is committed and its pending mark stays: the sweep stores the notice.
      this.opts.onError(err);
    }
  }

  /** Flushes every pending row that is due (tests; the timer and the sweep call it). */
  async flushDue(): Promise<void> {
    for (;;) {
      const due = await this.db
        .selectFrom('reaction_pending')
        .select(['kind', 'message_id'])
        .where('due_at', '<=', this.clock())
        .orderBy('due_at')
        .limit(SWEEP_BATCH)
        .execute();
      for (const p of due) {
        const row = await readTarget(this.db, p.kind as ReactionKind, p.message_id);
        if (row) await this.flush(toTarget(p.kind as ReactionKind, row));
        else await this.drop(p.kind, p.message_id);
      }
      if (due.length < SWEEP_BATCH || this.stopped) break;
    }
    const next = await this.db
      .selectFrom('reaction_pending')
      .select((eb) => eb.fn.min('due_at').as('at'))
      .executeTakeFirst();
    if (next?.at !== null && next?.at !== undefined) this.wakeAt(Number(next.at));
  }

  /** Stores and publishes the notice of `target` if it is still pending (else nothing). */
  async flush(target: ReactTarget): Promise<void> {
    if (target.parties) {
      const [a, b] = target.parties;
      await this.serializer.run([a, b], async (db) => {
        const row = await this.store(db, target);
        if (!row) return;
        await this.push.toUsers([a, b], {
          cmd: Cmd.PRIVATE_MESSAGE,
          data: toWirePrivateMessage(row as PrivateMessageRow),
        });
      });
      return;
    }
    await this.stream.run(async (db) => {
      const row = await this.store(db, target);
      if (!row) return;
      const members = await this.stream.activeMemberIds(db, target.groupId!);
      await this.stream.publish(members, toWireGroupMessage(row as GroupMessageRow));
    });
  }

  private wakeAt(at: number): void {
    if (this.stopped || at >= this.timerAt) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = Infinity;
        this.kick();
      },
      Math.max(0, at - this.clock()),
    );
    this.timer.unref();
  }

  /** One flushDue at a time; a kick while one runs runs it again after. */
  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.flushDue()
      .catch(this.opts.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private drop(kind: number, id: number) {
    return this.db.deleteFrom('reaction_pending').where('kind', '=', kind).where('message_id', '=', id).execute();
  }

  /** The transaction of one flush: the REACTION row stored, or undefined when nothing was pending. */
  private store(db: Kysely<Database>, target: ReactTarget): Promise<PrivateMessageRow | GroupMessageRow | undefined> {
    const { kind, id } = target;
    return db.transaction().execute(async (tx) => {
      const current = await lockMessage(tx, this.dialect, kind, id);
      const pending = await tx
        .deleteFrom('reaction_pending')
        .where('kind', '=', kind)
        .where('message_id', '=', id)
        .returningAll()
        .executeTakeFirst();
      // A recall took the reactions and the pending row away with it.
      if (!pending || !current || current.status === MessageStatus.RECALL) return undefined;
      const now = this.clock();
      const reactions = await buildSummary(tx, kind, id);
      const reactTime = Math.max(now, (current.react_time ?? 0) + 1);
      const notice: ReactionNotice = { id, author: current.send_id, reactTime, reactions };
      if (pending.last_user_id !== null && pending.last_emoji !== null) {
        const still = reactions.find((c) => c.emoji === pending.last_emoji)?.userIds.includes(pending.last_user_id);
        if (still) notice.last = { userId: pending.last_user_id, emoji: pending.last_emoji };
      }
      const content = JSON.stringify(notice);
      const summary = { reactions: JSON.stringify(reactions), react_time: reactTime };
      // The notice speaks for the reaction it announces, else for the last change.
      const speaker = notice.last?.userId ?? pending.actor_id;
      const base = {
        tmp_id: null,
        send_id: speaker,
        type: MessageType.REACTION,
        content,
        status: MessageStatus.SENDED,
        send_time: now,
        quote_message_id: null,
      };
      if (kind === ReactionKind.PRIVATE) {
        await tx.updateTable('private_messages').set(summary).where('id', '=', id).execute();
        const [a, b] = target.parties!;
        const recv = speaker === a ? b : a;
        return tx
          .insertInto('private_messages')
          .values({ ...base, recv_id: recv })
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      await tx.updateTable('group_messages').set(summary).where('id', '=', id).execute();
      return tx
        .insertInto('group_messages')
        .values({
          ...base,
          group_id: target.groupId!,
          send_nick_name: await speakerName(tx, target.groupId!, speaker),
          at_user_ids: '[]',
          receipt: 0,
          receipt_ok: 0,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }
}

/** The name a member goes by in the group (as a send stores it), for the notice's `sendNickName`. */
async function speakerName(db: Kysely<Database>, groupId: number, userId: number): Promise<string> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('group_members as m', (j) => j.onRef('m.user_id', '=', 'u.id').on('m.group_id', '=', groupId))
    .select(['u.nick_name', 'm.remark_nick_name'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row?.remark_nick_name || row?.nick_name || '';
}
