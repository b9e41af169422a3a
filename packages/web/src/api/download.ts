/**
 * Downloads (spec §7 "download", §9): the file is fetched with the 60 s network timeout,
 * not the 30 s request timeout (counted from the last bytes received, like uploads), kept
 * as a Blob and saved under its name. Failures carry the runtime codes of spec §8
 * (timeout 5, network 602001, cancelled 600003) and are told through the usual toast.
 */
import { RuntimeCode, Timing } from '@parley/protocol';
import { errorText, t } from '../i18n';
import { isolate } from '../i18n/isolate';
import { showToast } from '../ui/toast';
import { ApiError } from './ApiError';
import { abortedError, exchangeGuard } from './transport';

export interface DownloadOptions {
  /** 0-1, when the server says how large the file is. */
  onProgress?: (fraction: number) => void;
  /** The user cancelled: rejects with 600003. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** GET `url` into a Blob within the network timeout. */
export async function fetchBlob(url: string, opts: DownloadOptions = {}): Promise<Blob> {
  if (opts.signal?.aborted) throw abortedError();
  const controller = new AbortController();
  const guard = exchangeGuard({
    timeoutMs: opts.timeoutMs ?? Timing.NETWORK_DEFAULT_TIMEOUT_MS,
    signal: opts.signal,
    transfer: true,
    abort: () => controller.abort(),
  });
  try {
    const res = await fetch(url, { signal: controller.signal });
    if (!res.ok) throw new ApiError(res.status, res.statusText, 'downloadFailed');
    const total = Number(res.headers.get('content-length')) || 0;
    if (!res.body) return await res.blob();
    const reader = res.body.getReader();
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      guard.arm();
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.byteLength;
      if (total > 0) opts.onProgress?.(Math.min(1, received / total));
    }
    return new Blob(chunks, { type: res.headers.get('content-type') ?? '' });
  } catch (err) {
    throw err instanceof ApiError ? err : guard.failure();
  } finally {
    guard.release();
  }
}

/** Hand a Blob to the browser's download under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the file once the click ran; a minute covers slow disks.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * Download and save a file; a failure is shown as a toast naming the file (isolated: its
 * name is user text) and why, a cancel too (the user sees it took effect); resolves false.
 */
export async function downloadFile(url: string, name: string, opts: DownloadOptions = {}): Promise<boolean> {
  try {
    saveBlob(await fetchBlob(url, opts), name);
    return true;
  } catch (err) {
    const e = err instanceof ApiError ? err : new ApiError(RuntimeCode.UPLOAD_DOWNLOAD_FAILURE, String(err));
    const reason = errorText(e.key, e.message || errorText('networkWeak', 'network error'));
    showToast(t('chatBox.downloadFailed', { name: isolate(name), reason }));
    return false;
  }
}
