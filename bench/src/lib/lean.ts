/**
 * A lean HTTP client for load (issue 12): undici's Pool with keep-alive and HTTP/1.1
 * pipelining, so the load generator, which shares the cores with the server, spends
 * little per request. Replies are parsed only for their `code`.
 */
import { Pool } from 'undici';
import { ACCESS_TOKEN_HEADER, API_BASE } from '@parley/protocol';

export interface LeanReply {
  status: number;
  code: number;
  retryAfter?: number;
}

export function leanClient(base: string, connections = 16, pipelining = 8) {
  const pool = new Pool(base, { connections, pipelining, keepAliveTimeout: 60_000 });
  async function post(path: string, token: string, body: unknown): Promise<LeanReply> {
    const res = await pool.request({
      method: 'POST',
      path: API_BASE + path,
      headers: { [ACCESS_TOKEN_HEADER]: token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.body.text();
    const code = res.statusCode === 200 ? 200 : ((JSON.parse(text) as { code?: number }).code ?? res.statusCode);
    const ra = res.headers['retry-after'];
    return { status: res.statusCode, code, ...(ra ? { retryAfter: Number(ra) } : {}) };
  }
  return { post, close: () => pool.close() };
}
