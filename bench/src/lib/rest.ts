/** Small REST helpers shared by the benches: a typed call, a bounded pool, accounts, stats. */
import { ACCESS_TOKEN_HEADER, API_BASE, Terminal, api, type Reply, type TokenPair } from '@parley/protocol';

export interface Account {
  id: number;
  userName: string;
  token: string;
}

export function restClient(base: string, deadline: number) {
  const checkDeadline = () => {
    if (Date.now() > deadline) throw new Error('bench deadline passed');
  };

  async function call<T>(method: string, path: string, opts: { body?: unknown; token?: string } = {}): Promise<T> {
    const headers: Record<string, string> = {};
    if (opts.token) headers[ACCESS_TOKEN_HEADER] = opts.token;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(base + API_BASE + path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const reply = (await res.json()) as Reply<T>;
    if (reply.code !== 200) throw new Error(`${method} ${path}: ${reply.code} ${reply.message}`);
    return reply.data;
  }

  /** Runs `fn` over 0..total-1 with at most `limit` in flight. */
  async function pool(total: number, limit: number, fn: (i: number) => Promise<void>): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < total) {
        checkDeadline();
        await fn(next++);
      }
    };
    await Promise.all(Array.from({ length: Math.min(limit, total) }, worker));
  }

  const login = (userName: string, password: string) =>
    call<TokenPair>('POST', api.login.path, { body: { terminal: Terminal.WEB, userName, password } });

  /** Registers, logs in over REST and reads the user's id. */
  async function account(userName: string, password: string): Promise<Account> {
    await call('POST', api.register.path, { body: { userName, password } });
    const pair = await login(userName, password);
    const self = await call<{ id: number }>('GET', api.userSelf.path, { token: pair.accessToken });
    return { id: self.id, userName, token: pair.accessToken };
  }

  return { call, pool, login, account, checkDeadline };
}

/** Median of the finite values (NaN when none). */
export function median(xs: readonly number[]): number {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export const pct = (xs: readonly number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? NaN;
};
