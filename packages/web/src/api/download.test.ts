// Spec §7/§8/§9: downloads wait the 60 s network timeout (not the request's 30 s) and
// fail with the runtime codes: timeout 5, network 602001, cancelled 600003.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeCode } from '@parley/protocol';

const toasts: string[] = [];
vi.mock('../ui/toast', () => ({ showToast: (text: string) => toasts.push(text) }));
vi.mock('../i18n', () => ({
  errorText: (key: string | undefined, fallback: string) => key ?? fallback,
  t: (key: string, o: Record<string, string>) => `${key}(${o.name}, ${o.reason})`,
}));

const { downloadFile, fetchBlob } = await import('./download');

/** A fetch that never answers, and rejects when its signal aborts (like the browser's). */
const hangingFetch = () =>
  vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      ),
  );

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  toasts.length = 0;
});

describe('fetchBlob', () => {
  it('reads the file with progress from Content-Length', async () => {
    const body = new Uint8Array(1000).fill(7);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { headers: { 'content-length': '1000', 'content-type': 'text/plain' } })),
    );
    const progress: number[] = [];
    const blob = await fetchBlob('/uploads/files/a/notes.txt', { onProgress: (f) => progress.push(f) });
    expect(blob.size).toBe(1000);
    expect(blob.type).toBe('text/plain');
    expect(progress.at(-1)).toBe(1);
  });

  it('is still running after 30 s and times out (code 5) at 60 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    const done = fetchBlob('/uploads/files/a/big.zip').catch((e: unknown) => e);
    let settled = false;
    void done.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(31_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await done).toMatchObject({ code: RuntimeCode.REQUEST_TIMEOUT, key: 'requestTimeout' });
  });

  it('a network failure is 602001, a cancel 600003, a missing file its HTTP status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(fetchBlob('/uploads/files/a/x')).rejects.toMatchObject({
      code: RuntimeCode.UPLOAD_DOWNLOAD_FAILURE,
      key: 'networkWeak',
    });
    vi.stubGlobal('fetch', hangingFetch());
    const controller = new AbortController();
    const cancelled = fetchBlob('/uploads/files/a/x', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await cancelled).toMatchObject({ code: RuntimeCode.REQUEST_ABORTED, key: 'requestAborted' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 404 })),
    );
    await expect(fetchBlob('/uploads/files/a/x')).rejects.toMatchObject({ code: 404, key: 'downloadFailed' });
  });
});

describe('downloadFile', () => {
  it('tells a failure through the translated toast, naming the file isolated, and resolves false', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(downloadFile('/uploads/files/a/x', 'x.pdf')).resolves.toBe(false);
    expect(toasts).toEqual(['chatBox.downloadFailed(\u2068x.pdf\u2069, networkWeak)']);
  });
});
