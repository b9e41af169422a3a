// Local candidate batching and the remote candidate queue (docs/CALLS.md §8.4).
import { describe, expect, it, vi } from 'vitest';
import type { IceCandidate } from '@parley/protocol';
import { createCandidateBatcher, createRemoteCandidateQueue, type Timers } from './candidates';

const cand = (n: number): IceCandidate => ({
  candidate: `candidate:${n} 1 udp 1 127.0.0.1 ${1000 + n} typ host`,
  sdpMid: '0',
});

function fakeTimers() {
  let seq = 0;
  const pending = new Map<number, () => void>();
  const timers: Timers = {
    set: (fn) => {
      pending.set(++seq, fn);
      return seq;
    },
    clear: (h) => void pending.delete(h as number),
  };
  const runAll = () => {
    for (const [id, fn] of [...pending]) {
      pending.delete(id);
      fn();
    }
  };
  return { timers, runAll, count: () => pending.size };
}

describe('local candidate batcher', () => {
  it('holds candidates until released, then sends them in one batch, and later ones after a short wait', () => {
    const sent: number[][] = [];
    const t = fakeTimers();
    const b = createCandidateBatcher(
      (batch) => sent.push(batch.map((c) => Number(c.candidate.split(/[: ]/)[1]))),
      t.timers,
    );
    b.add(cand(1));
    b.add(cand(2));
    t.runAll();
    expect(sent).toEqual([]);
    expect(b.pending).toBe(2);
    b.release();
    expect(sent).toEqual([[1, 2]]);
    b.add(cand(3));
    b.add(cand(4));
    expect(sent).toHaveLength(1);
    expect(t.count()).toBe(1); // one timer for the batch
    t.runAll();
    expect(sent).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('splits into requests of at most 20 and holds again for a new description', () => {
    const sizes: number[] = [];
    const t = fakeTimers();
    const b = createCandidateBatcher((batch) => sizes.push(batch.length), t.timers);
    for (let i = 0; i < 45; i++) b.add(cand(i));
    b.release();
    expect(sizes).toEqual([20, 20, 5]);
    b.hold();
    b.add(cand(99));
    t.runAll();
    expect(sizes).toEqual([20, 20, 5]);
    b.release();
    expect(sizes).toEqual([20, 20, 5, 1]);
    b.add(cand(100));
    b.reset();
    b.release();
    expect(sizes).toHaveLength(4);
  });
});

describe('remote candidate queue', () => {
  it('waits for the remote description, then applies in order, and logs failures without stopping', async () => {
    const applied: string[] = [];
    const errors: unknown[] = [];
    const q = createRemoteCandidateQueue(
      async (c) => {
        if (c.candidate.includes(' 2 ')) throw new Error('bad');
        applied.push(c.candidate);
      },
      (e) => errors.push(e),
    );
    q.add(cand(1));
    q.add({ candidate: 'candidate:2 1 udp 2 127.0.0.1 2 typ host' });
    q.add(cand(3));
    expect(q.waiting).toBe(3);
    expect(applied).toEqual([]);
    await q.ready();
    expect(applied).toEqual([cand(1).candidate, cand(3).candidate]);
    expect(errors).toHaveLength(1);
    q.add(cand(4));
    await q.ready();
    expect(applied).toHaveLength(3);
  });

  it('forgets the old connection’s candidates on reset', async () => {
    const apply = vi.fn(async () => undefined);
    const q = createRemoteCandidateQueue(apply);
    q.add(cand(1));
    q.reset();
    q.add(cand(2));
    await q.ready();
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenCalledWith(cand(2));
  });
});
