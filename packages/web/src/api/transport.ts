/**
 * One HTTP exchange: fetch with the 30 s request timeout of spec §7 (uploads and
 * downloads: the 60 s network timeout of spec §9), parsed into the reply envelope.
 * Failures become ApiError with the runtime codes of spec §8: timeout 5, network
 * failure 5 (upload/download 602001), aborted by the caller 600003.
 */
import { RuntimeCode, Timing, type Reply } from '@parley/protocol';
import { ApiError } from './ApiError';

/** The reply envelope; errors may carry `params` that fill the catalogue text's slots. */
export type Envelope = Reply<unknown> & { params?: Record<string, string | number> };

export interface Exchange {
  method: string;
  /** Full path including API_BASE and query string. */
  url: string;
  headers?: Record<string, string>;
  body?: BodyInit;
  /** Upload/download failures use their own runtime code. */
  transfer?: boolean;
  timeoutMs?: number;
  /** The caller gave up (page left, upload cancelled): rejects with 600003. */
  signal?: AbortSignal;
  /** Upload progress 0-1: the exchange goes through XMLHttpRequest, the timeout counts from the last progress. */
  onUploadProgress?: (fraction: number) => void;
}

/** Uploads and downloads wait the network timeout, other requests the request timeout. */
export const timeoutOf = (req: Pick<Exchange, 'timeoutMs' | 'transfer'>): number =>
  req.timeoutMs ?? (req.transfer ? Timing.NETWORK_DEFAULT_TIMEOUT_MS : Timing.REQUEST_TIMEOUT_MS);

export const abortedError = () => new ApiError(RuntimeCode.REQUEST_ABORTED, 'request:fail abort', 'requestAborted');

export async function exchange(req: Exchange): Promise<Envelope> {
  if (req.onUploadProgress && typeof XMLHttpRequest !== 'undefined') return exchangeWithProgress(req);
  if (req.signal?.aborted) throw abortedError();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutOf(req));
  const onAbort = () => controller.abort();
  req.signal?.addEventListener('abort', onAbort);
  let res: Response;
  try {
    res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body, signal: controller.signal });
  } catch {
    if (timedOut) throw new ApiError(RuntimeCode.REQUEST_TIMEOUT, 'timeout', 'requestTimeout');
    if (req.signal?.aborted) throw abortedError();
    const code = req.transfer ? RuntimeCode.UPLOAD_DOWNLOAD_FAILURE : RuntimeCode.NETWORK_FAILURE;
    throw new ApiError(code, 'network error', 'networkWeak');
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onAbort);
  }
  return parseEnvelope(res);
}

/** fetch cannot report upload progress; XMLHttpRequest can. */
function exchangeWithProgress(req: Exchange): Promise<Envelope> {
  const onProgress = req.onUploadProgress;
  return new Promise<Envelope>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const idleMs = timeoutOf(req);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, idleMs);
    };
    xhr.open(req.method, req.url);
    for (const [name, value] of Object.entries(req.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      arm();
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      clearTimeout(timer);
      resolve(envelopeOf(xhr.status, xhr.statusText, xhr.responseText));
    };
    const onAbort = () => xhr.abort();
    const fail = () => {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
      if (timedOut) reject(new ApiError(RuntimeCode.REQUEST_TIMEOUT, 'timeout', 'requestTimeout'));
      else if (req.signal?.aborted) reject(abortedError());
      else reject(new ApiError(RuntimeCode.UPLOAD_DOWNLOAD_FAILURE, 'network error', 'networkWeak'));
    };
    xhr.onerror = fail;
    xhr.onabort = fail;
    if (req.signal?.aborted) return reject(abortedError());
    req.signal?.addEventListener('abort', onAbort);
    arm();
    xhr.send(req.body as XMLHttpRequestBodyInit | null | undefined);
  });
}

function envelopeOf(status: number, statusText: string, text: string): Envelope {
  try {
    const body = JSON.parse(text) as Partial<Envelope>;
    if (typeof body.code === 'number') {
      return {
        code: body.code,
        message: body.message ?? '',
        data: body.data ?? null,
        key: body.key,
        params: body.params,
      };
    }
  } catch {
    // not JSON: fall through
  }
  return { code: status, message: statusText, data: null };
}

/** The envelope mirrors the HTTP status; a body that is not the envelope (proxy page) keeps the status. */
async function parseEnvelope(res: Response): Promise<Envelope> {
  try {
    const body = (await res.json()) as Partial<Envelope>;
    if (typeof body.code === 'number') {
      return {
        code: body.code,
        message: body.message ?? '',
        data: body.data ?? null,
        key: body.key,
        params: body.params,
      };
    }
  } catch {
    // not JSON: fall through
  }
  return { code: res.status, message: res.statusText, data: null };
}
