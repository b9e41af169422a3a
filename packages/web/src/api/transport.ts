/**
 * One HTTP exchange: fetch with the 30 s timeout of spec §7, parsed into the reply
 * envelope. Failures become ApiError with the runtime codes of spec §8.
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
}

export async function exchange(req: Exchange): Promise<Envelope> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, req.timeoutMs ?? Timing.REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body, signal: controller.signal });
  } catch {
    if (timedOut) throw new ApiError(RuntimeCode.REQUEST_TIMEOUT, 'timeout', 'requestTimeout');
    const code = req.transfer ? RuntimeCode.UPLOAD_DOWNLOAD_FAILURE : RuntimeCode.NETWORK_FAILURE;
    throw new ApiError(code, 'network error', 'networkWeak');
  } finally {
    clearTimeout(timer);
  }
  return parseEnvelope(res);
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
