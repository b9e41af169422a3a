/**
 * The offline pull of one message stream (docs/MESSAGE-DELIVERY.md), shared by the
 * private (cmd 3) and group (cmd 4) streams: to the caller's sockets of `terminal`
 * logged in now (and to no socket that logs in later), LOADING "true", every message
 * above `minId` in id order, LOADING "false". If a query fails, those sockets are
 * closed without LOADING "false", so the client pulls again from the same cursor.
 */
import crypto from 'node:crypto';
import { MessageType, type LoadingNotice, type ServerFrame, type Terminal } from '@parley/protocol';
import type { PushService } from '../realtime/push.js';

/** Rows per pull query; the pull repeats until a query returns fewer. */
export const PULL_BATCH = 500;
/** Close code for a socket whose offline pull failed server-side: the client reconnects and pulls again. */
export const PULL_FAILED_CLOSE = 1011;

export interface PullStream<Row extends { id: number }, Wire> {
  cmd: ServerFrame['cmd'];
  /** The user's next PULL_BATCH rows above `cursor`, in id order. */
  batchAfter(cursor: number): Promise<Row[]>;
  toWire(rows: Row[]): Promise<Wire[]>;
}

export async function pullOffline<Row extends { id: number }, Wire>(
  push: PushService,
  me: number,
  terminal: Terminal,
  minId: number,
  stream: PullStream<Row, Wire>,
): Promise<void> {
  const loading = (on: boolean) => {
    const data: LoadingNotice = { type: MessageType.LOADING, content: on ? 'true' : 'false' };
    return { cmd: stream.cmd, data };
  };
  const token = crypto.randomUUID();
  await push.toTerminalBinding(me, terminal, token, loading(true));
  try {
    let cursor = minId;
    for (;;) {
      const rows = await stream.batchAfter(cursor);
      for (const msg of await stream.toWire(rows)) {
        await push.toToken(me, token, { cmd: stream.cmd, data: msg });
      }
      if (rows.length < PULL_BATCH) break;
      cursor = rows[rows.length - 1]!.id;
      // SQLite and the in-process bus never yield: let other requests run between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch (err) {
    await push.toToken(me, token, undefined, {
      release: true,
      close: { code: PULL_FAILED_CLOSE, reason: 'offline pull failed' },
    });
    throw err;
  }
  await push.toToken(me, token, loading(false), { release: true });
}
