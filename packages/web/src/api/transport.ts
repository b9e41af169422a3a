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

/**
 * The timeout of one exchange, restarted by `arm()` on progress, and the caller's signal,
 * both ending it through `abort`; `failure()` names what ended it in spec §8's codes.
 */
export function exchangeGuard(opts: {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  transfer: boolean;
  abort: () => void;
}) {
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      opts.abort();
    }, opts.timeoutMs);
  };
  const onAbort = () => opts.abort();
  opts.signal?.addEventListener('abort', onAbort);
  arm();
  return {
    arm,
    release() {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    },
    failure(): ApiError {
      if (timedOut) return new ApiError(RuntimeCode.REQUEST_TIMEOUT, 'timeout', 'requestTimeout');
      if (opts.signal?.aborted) return abortedError();
      const code = opts.transfer ? RuntimeCode.UPLOAD_DOWNLOAD_FAILURE : RuntimeCode.NETWORK_FAILURE;
      return new ApiError(code, 'network error', 'networkWeak');
    },
  };
}

export async function exchange(req: Exchange): Promise<Envelope> {
  if (req.onUploadProgress && typeof XMLHttpRequest !== 'undefined') return exchangeWithProgress(req);
  if (req.signal?.aborted) throw abortedError();
  const controller = new AbortController();
  const guard = exchangeGuard({
    timeoutMs: timeoutOf(req),
    signal: req.signal,
    transfer: req.transfer ?? false,
    abort: () => controller.abort(),
  });
  try {
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: controller.signal,
    });
    // The body is part of the answer: one cut off (page unloading, network gone) is a failure.
    return envelopeOf(res.status, res.statusText, await res.text());
  } catch {
    throw guard.failure();
  } finally {
    guard.release();
  }
}

/** fetch cannot report upload progress; XMLHttpRequest can. */
function exchangeWithProgress(req: Exchange): Promise<Envelope> {
  const onProgress = req.onUploadProgress;
  return new Promise<Envelope>((resolve, reject) => {
    if (req.signal?.aborted) return reject(abortedError());
    const xhr = new XMLHttpRequest();
    xhr.open(req.method, req.url);
    for (const [name, value] of Object.entries(req.headers ?? {})) xhr.setRequestHeader(name, value);
    const guard = exchangeGuard({
      timeoutMs: timeoutOf(req),
      signal: req.signal,
      transfer: true,
      abort: () => xhr.abort(),
    });
    xhr.upload.onprogress = (e) => {
      guard.arm();
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      guard.release();
      resolve(envelopeOf(xhr.status, xhr.statusText, xhr.responseText));
    };
    const fail = () => {
      guard.release();
      reject(guard.failure());
    };
    xhr.onerror = fail;
    xhr.onabort = fail;
    xhr.send(req.body as XMLHttpRequestBodyInit | null | undefined);
  });
}

/**
 * The envelope mirrors the HTTP status; a body that is not the envelope (a proxy's page)
 * keeps the status, and a 2xx one becomes 502: only our envelope says a call succeeded.
 */
function envelopeOf(status: number, statusText: string, text: string): Envelope {
  try {
    const body = JSON.parse(text) as Partial<Envelope>;
    if (typeof body?.code === 'number') {
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
  return { code: status >= 200 && status < 300 ? NOT_OUR_ENVELOPE : status, message: statusText, data: null };
}

/** Bad gateway: something between us and the server answered. */
const NOT_OUR_ENVELOPE = 502;
