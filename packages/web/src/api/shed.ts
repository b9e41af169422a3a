/**
 * A call the server shed under overload (503 serverOverloaded, issue 12) did nothing,
 * so it is sent again unchanged once Retry-After has passed: a message keeps its tmpId
 * and is stored once. The wait grows a little with each try and is spread at random,
 * so shed clients do not all come back in the same instant.
 */
import { ReplyCode } from '@parley/protocol';
import type { Envelope } from './transport';

/** Tries after the first; past them the 503 goes to the caller (a "server busy" toast). */
export const SHED_RETRIES = 5;

export interface ShedOptions {
  signal?: AbortSignal;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function sendAgainWhileShed(send: () => Promise<Envelope>, opts: ShedOptions = {}): Promise<Envelope> {
  const sleep = opts.sleep ?? wait;
  const random = opts.random ?? Math.random;
  for (let attempt = 0; ; attempt++) {
    const reply = await send();
    if (reply.code !== ReplyCode.UNAVAILABLE || attempt >= SHED_RETRIES || opts.signal?.aborted) return reply;
    const after = Math.max(1, Number(reply.params?.retryAfter) || 1);
    await sleep(after * 1000 * (1 + attempt * 0.5) * (1 + random() * 0.5));
  }
}
