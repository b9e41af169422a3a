import { describe, expect, it } from 'vitest';
import { ReplyCode } from '@parley/protocol';
import { SHED_RETRIES, sendAgainWhileShed } from './shed';
import type { Envelope } from './transport';

const shed: Envelope = {
  code: ReplyCode.UNAVAILABLE,
  message: 'overloaded',
  data: null,
  key: 'serverOverloaded',
  params: { retryAfter: 2 },
};
const ok: Envelope = { code: ReplyCode.OK, message: 'success', data: { id: 7 } };

describe('sendAgainWhileShed', () => {
  it('sends the same call again after Retry-After until it is taken', async () => {
    const replies = [shed, shed, ok];
    const bodies: string[] = [];
    const waits: number[] = [];
    const reply = await sendAgainWhileShed(
      async () => {
        bodies.push('{"tmpId":"t1"}');
        return replies.shift()!;
      },
      { sleep: async (ms) => void waits.push(ms), random: () => 0 },
    );
    expect(reply).toBe(ok);
    expect(bodies).toEqual(['{"tmpId":"t1"}', '{"tmpId":"t1"}', '{"tmpId":"t1"}']);
    // 2 s from the header, growing with the tries.
    expect(waits).toEqual([2000, 3000]);
  });

  it('gives the 503 to the caller after its tries', async () => {
    let calls = 0;
    const reply = await sendAgainWhileShed(
      async () => {
        calls++;
        return shed;
      },
      { sleep: async () => undefined },
    );
    expect(reply.code).toBe(503);
    expect(calls).toBe(SHED_RETRIES + 1);
  });

  it('other failures and aborted calls are not sent again', async () => {
    let calls = 0;
    const busy: Envelope = { code: 500, message: 'busy', data: null, key: 'serverBusy' };
    expect((await sendAgainWhileShed(async () => (calls++, busy))).code).toBe(500);
    const controller = new AbortController();
    controller.abort();
    expect((await sendAgainWhileShed(async () => (calls++, shed), { signal: controller.signal })).code).toBe(503);
    expect(calls).toBe(2);
  });
});
