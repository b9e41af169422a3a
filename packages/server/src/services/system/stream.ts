/**
 * The system stream (docs/MESSAGE-DELIVERY.md "The system stream"): every write to
 * `system_inbox` runs under one lock, the user serializer's key -1 (user ids are ≥ 1
 * and the group stream is 0), from the inbox insert through commit and the publish.
 * Each recipient's seqNo is their previous largest + 1, so for every user seqNos are
 * 1, 2, 3… and are committed and published in increasing order: "the largest seqNo
 * I hold" is a safe pull cursor, as the largest id is for the other streams.
 */
import { sql, type Kysely } from 'kysely';
import { Cmd, MessageStatus } from '@parley/protocol';
import type { Database, SystemMessageRow } from '../../db/schema.js';
import type { PushService } from '../../realtime/push.js';
import type { UserSerializer } from '../user-serializer.js';
import { toWireSystemMessage } from './wire.js';

/** The serializer key of the system stream. */
export const SYSTEM_STREAM_KEY = -1;
/** Recipients per bus envelope: one frame serves every user with the same seqNo. */
const PUBLISH_CHUNK = 1000;
/** Chosen users per INSERT … SELECT (well under SQLite's parameter limit). */
const INSERT_CHUNK = 1000;

export interface Delivery {
  user_id: number;
  seq_no: number;
}

export class SystemStream {
  constructor(
    private readonly serializer: UserSerializer,
    private readonly push: PushService,
  ) {}

  run<T>(fn: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.serializer.run([SYSTEM_STREAM_KEY], fn);
  }

  /**
   * Inbox rows for message `messageId`: every not-deleted user (`userIds` null) or the
   * not-deleted users among `userIds`, each at their largest seqNo + 1, in one
   * INSERT … SELECT per chunk (call under `run`, inside the transaction).
   */
  async deliver(db: Kysely<Database>, messageId: number, userIds: readonly number[] | null): Promise<Delivery[]> {
    const insert = (ids: readonly number[] | null) => {
      let targets = db
        .selectFrom('users as u')
        .select((eb) => [
          'u.id as user_id',
          sql<number>`coalesce((${eb
            .selectFrom('system_inbox as i')
            .select((e) => e.fn.max('i.seq_no').as('m'))
            .whereRef('i.user_id', '=', 'u.id')}), 0) + 1`.as('seq_no'),
          sql.lit(messageId).as('message_id'),
        ])
        .where('u.deleted', '=', 0);
      if (ids) targets = targets.where('u.id', 'in', ids);
      return db
        .insertInto('system_inbox')
        .columns(['user_id', 'seq_no', 'message_id'])
        .expression(targets)
        .returning(['user_id', 'seq_no'])
        .execute();
    };
    if (!userIds) return insert(null);
    const unique = [...new Set(userIds)];
    const delivered: Delivery[] = [];
    for (let i = 0; i < unique.length; i += INSERT_CHUNK) {
      delivered.push(...(await insert(unique.slice(i, i + INSERT_CHUNK))));
    }
    return delivered;
  }

  /** Publishes a committed notification to its recipients (call under `run`, after the commit). */
  async publish(row: SystemMessageRow, delivered: readonly Delivery[]): Promise<void> {
    const bySeq = new Map<number, number[]>();
    for (const d of delivered) {
      const seq = Number(d.seq_no);
      bySeq.set(seq, [...(bySeq.get(seq) ?? []), Number(d.user_id)]);
    }
    for (const [seqNo, users] of [...bySeq].sort(([a], [b]) => a - b)) {
      // New rows are above every read position (which never passes a user's largest seqNo).
      const data = toWireSystemMessage(row, seqNo, MessageStatus.SENDED);
      for (let i = 0; i < users.length; i += PUBLISH_CHUNK) {
        await this.push.toUsers(users.slice(i, i + PUBLISH_CHUNK), { cmd: Cmd.SYSTEM_MESSAGE, data });
      }
    }
  }
}
