/** A small REST client over the protocol `api` table, plus account helpers for tests. */
import {
  ACCESS_TOKEN_HEADER,
  API_BASE,
  REFRESH_TOKEN_HEADER,
  Terminal,
  api,
  fillPath,
  type EndpointName,
  type Reply,
  type ReplyOf,
  type TokenPair,
  type User,
} from '@parley/protocol';

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string | number>;
  params?: Record<string, string | number>;
  token?: string;
  refreshToken?: string;
  form?: FormData;
}

export interface CallResult<T> {
  status: number;
  body: Reply<T>;
}

export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async call<N extends EndpointName>(name: N, opts: CallOptions = {}): Promise<CallResult<ReplyOf<N>>> {
    const endpoint = api[name];
    const url = new URL(this.baseUrl + API_BASE + fillPath(endpoint.path, opts.params));
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = {};
    if (opts.token) headers[ACCESS_TOKEN_HEADER] = opts.token;
    if (opts.refreshToken) headers[REFRESH_TOKEN_HEADER] = opts.refreshToken;
    let body: RequestInit['body'];
    if (opts.form) body = opts.form;
    else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(url, { method: endpoint.method, headers, body });
    return { status: res.status, body: (await res.json()) as Reply<ReplyOf<N>> };
  }

  /** Calls and asserts success; returns `data`. */
  async ok<N extends EndpointName>(name: N, opts: CallOptions = {}): Promise<ReplyOf<N>> {
    const { status, body } = await this.call(name, opts);
    if (status !== 200 || body.code !== 200) {
      throw new Error(`${name} failed: ${status} ${JSON.stringify(body)}`);
    }
    return body.data;
  }
}

let seq = 0;
/** A fresh, valid user name. */
export const uniqueName = (prefix = 'user'): string =>
  `${prefix}${process.pid}x${Date.now().toString(36)}${++seq}@example.com`;

export interface TestUser {
  id: number;
  userName: string;
  password: string;
  tokens: TokenPair;
  user: User;
}

export async function registerUser(
  client: ApiClient,
  opts: { userName?: string; password?: string; nickName?: string; terminal?: Terminal } = {},
): Promise<TestUser> {
  const userName = opts.userName ?? uniqueName();
  const password = opts.password ?? 'secret1';
  const body: Record<string, string | number> = { terminal: opts.terminal ?? Terminal.WEB, userName, password };
  if (opts.nickName) body.nickName = opts.nickName;
  // Registering signs in on the terminal, as a login does (issue 22 point 9).
  const tokens = await client.ok('register', { body });
  // The profile as a User: the caller's own role (isOperator) is no part of it.
  const { isOperator: _role, ...user } = await client.ok('userSelf', { token: tokens.accessToken });
  return { id: user.id, userName, password, tokens, user };
}

export async function login(
  client: ApiClient,
  userName: string,
  password: string,
  terminal: Terminal = Terminal.WEB,
): Promise<TokenPair> {
  return client.ok('login', { body: { terminal, userName, password } });
}
