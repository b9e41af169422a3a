// Spec §7/§8/§9: request 30 s vs upload/download 60 s timeouts, and the runtime codes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeCode } from '@parley/protocol';
import { exchange, timeoutOf } from './transport';

/** A fetch that never answers, and rejects when its signal aborts (like the browser's). */
function hangingFetch() {
  return vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      ),
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('exchange', () => {
  it('waits 60 s for uploads and downloads, 30 s for other requests', () => {
    expect(timeoutOf({ transfer: true })).toBe(60_000);
    expect(timeoutOf({})).toBe(30_000);
  });

  it('an upload is still running after 30 s and times out (code 5) at 60 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    const done = exchange({ method: 'POST', url: '/api/upload', transfer: true }).catch((e: unknown) => e);
    let settled = false;
    void done.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(31_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await done).toMatchObject({ code: RuntimeCode.REQUEST_TIMEOUT, key: 'requestTimeout' });
  });

  it('an aborted request rejects with 600003', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    const controller = new AbortController();
    const done = exchange({ method: 'GET', url: '/api/x', signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await done).toMatchObject({ code: RuntimeCode.REQUEST_ABORTED, key: 'requestAborted' });
  });

  it('a network failure is 5 on a request and 602001 on an upload or download', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(exchange({ method: 'GET', url: '/api/x' })).rejects.toMatchObject({
      code: RuntimeCode.NETWORK_FAILURE,
    });
    await expect(exchange({ method: 'POST', url: '/api/up', transfer: true })).rejects.toMatchObject({
      code: RuntimeCode.UPLOAD_DOWNLOAD_FAILURE,
    });
  });

  it('a body cut off after the status (the page unloading) is a network failure, not a success', async () => {
    const cut = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"code":200,"data":{"id'));
        c.error(new TypeError('network error'));
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(cut, { status: 200 }))),
    );
    await expect(exchange({ method: 'GET', url: '/api/user/self' })).rejects.toMatchObject({
      code: RuntimeCode.NETWORK_FAILURE,
    });
  });

  it('only the envelope says a call succeeded: a 2xx page that is not ours is 502; an error page keeps its status', async () => {
    const answer = (body: string | null, status: number) =>
      vi.stubGlobal(
        'fetch',
        vi.fn(() => Promise.resolve(new Response(body, { status }))),
      );
    answer('<html>captive portal</html>', 200);
    expect(await exchange({ method: 'GET', url: '/api/x' })).toMatchObject({ code: 502, data: null });
    answer(null, 204);
    expect(await exchange({ method: 'GET', url: '/api/x' })).toMatchObject({ code: 502 });
    answer('<html>413</html>', 413);
    expect(await exchange({ method: 'GET', url: '/api/x' })).toMatchObject({ code: 413 });
    answer('{"code":200,"message":"ok","data":{"id":7}}', 200);
    expect(await exchange({ method: 'GET', url: '/api/x' })).toMatchObject({ code: 200, data: { id: 7 } });
  });
});
