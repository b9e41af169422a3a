/**
 * The record of a private call (docs/CALLS.md §2.4): one ACT_RT_VOICE/ACT_RT_VIDEO
 * private message, caller → callee, content `{mode, outcome, duration}`. Stored like
 * the "you are now friends" tip, under both users' message locks, and pushed to every
 * terminal of both (no terminal got it as an HTTP reply).
 */
import {
  Cmd,
  buildCallRecord,
  callRecordStatus,
  recordTypeOf,
  type CallMode,
  type CallOutcome,
} from '@parley/protocol';
import type { PushService } from '../../realtime/push.js';
import { toWirePrivateMessage } from '../private-message-wire.js';
import type { UserSerializer } from '../user-serializer.js';

export class CallRecords {
  constructor(
    private readonly serializer: UserSerializer,
    private readonly push: PushService,
    private readonly now: () => number,
  ) {}

  async store(callerId: number, calleeId: number, mode: CallMode, outcome: CallOutcome, durationMs = 0): Promise<void> {
    await this.serializer.run([callerId, calleeId], async (db) => {
      const row = await db
        .insertInto('private_messages')
        .values({
          tmp_id: null,
          send_id: callerId,
          recv_id: calleeId,
          type: recordTypeOf(mode),
          content: buildCallRecord(mode, outcome, durationMs / 1000),
          status: callRecordStatus(outcome),
          send_time: this.now(),
          quote_message_id: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.push.toUsers([callerId, calleeId], { cmd: Cmd.PRIVATE_MESSAGE, data: toWirePrivateMessage(row) });
    });
  }
}
