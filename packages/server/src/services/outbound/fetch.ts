/**
 * The one guarded fetcher for every request the server makes to a URL someone typed (the
 * Discover frameability probe; link previews later): it may not be turned into a way to
 * reach what is inside the server's network (SSRF).
 *
 * - The host is resolved here and every address checked (address.ts: public unicast only,
 *   ports 80 and 443; OUTBOUND_ALLOW_CIDRS exempts ranges); the connection then goes to
 *   the checked addresses (a `lookup` that answers with them: no second DNS lookup that
 *   could answer differently). An address literal is checked as it is.
 * - Redirects are followed by hand, at most `maxRedirects`, each hop to http(s) only and
 *   checked again from the start.
 * - One deadline for everything (lookups, connections, redirects, the body); the body is
 *   read up to `maxBytes` and the connection dropped past it (0: only the headers).
 * - OUTBOUND_FETCH=off: nothing is fetched; every call is refused with `disabled`.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AddressPolicy, bareHost, parseCidr, type TargetRefusal } from './address.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface OutboundConfig {
  /** OUTBOUND_FETCH: false refuses every fetch. */
  enabled: boolean;
  /** OUTBOUND_ALLOW_CIDRS: ranges fetched whatever they are, on any port. */
  allowCidrs?: readonly string[];
  /** Tests only (never from the environment): more (address, port) pairs allowed. */
  exempt?: (address: string, port: number) => boolean;
  /** Tests only: the name lookup (default: the system resolver, as connections use). */
  resolve?: Resolver;
}

export interface OutboundRequest {
  /** For everything, lookups and redirects included (default 5 s). */
  timeoutMs?: number;
  /** Body bytes kept; more are not read (default 512 KiB; 0: the headers only). */
  maxBytes?: number;
  /** Redirects followed (default 3). */
  maxRedirects?: number;
  headers?: Record<string, string>;
}

export interface OutboundResponse {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  headers: Headers;
  /** At most `maxBytes`. */
  body: Buffer;
  /** True when the body went on past `maxBytes`. */
  truncated: boolean;
}

export type OutboundRefusal = TargetRefusal | 'disabled' | 'url' | 'redirects';

/** A fetch refused before connecting: its reason says why. */
export class OutboundRefused extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    detail: string,
  ) {
    super(`outbound fetch refused (${reason}): ${detail}`);
    this.name = 'OutboundRefused';
  }
}

export const OUTBOUND_DEFAULTS = { timeoutMs: 5_000, maxBytes: 512 * 1024, maxRedirects: 3 } as const;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function webUrl(raw: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new OutboundRefused('url', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused('url', url.protocol);
  if (url.username || url.password) throw new OutboundRefused('url', 'credentials in the URL');
  return url;
}

/** Settles with the promise, or rejects once `signal` aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err as Error);
      },
    );
  });
}

/** Answers every lookup of the connection with the addresses already checked. */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all)
      callback(
        null,
        addresses.map((a) => ({ address: a.address, family: a.family })),
      );
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  }) as LookupFunction;
}

export class OutboundFetcher {
  private readonly policy: AddressPolicy;
  private readonly resolve: Resolver;

  constructor(private readonly config: OutboundConfig) {
    this.policy = new AddressPolicy((config.allowCidrs ?? []).map(parseCidr), config.exempt);
    this.resolve = config.resolve ?? systemResolver;
  }

  /** GET `url`. Rejects with OutboundRefused, a network error or the deadline's TimeoutError. */
  async get(url: string, req: OutboundRequest = {}): Promise<OutboundResponse> {
    if (!this.config.enabled) throw new OutboundRefused('disabled', 'OUTBOUND_FETCH is off');
    const { timeoutMs, maxBytes, maxRedirects } = { ...OUTBOUND_DEFAULTS, ...req };
    const signal = AbortSignal.timeout(timeoutMs);
    let current = webUrl(url);
    for (let hop = 0; ; hop++) {
      const addresses = await abortable(this.check(current), signal);
      const res = await this.request(current, addresses, req.headers ?? {}, maxBytes, signal);
      const location = res.headers.get('location');
      if (!REDIRECTS.has(res.status) || location === null) return res;
      if (hop >= maxRedirects) throw new OutboundRefused('redirects', `more than ${maxRedirects}`);
      current = webUrl(location, current);
    }
  }

  /** The checked addresses of `url`'s host. */
  private async check(url: URL): Promise<ResolvedAddress[]> {
    const host = bareHost(url.hostname);
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    const family = isIP(host);
    const addresses = family ? [{ address: host, family }] : await this.resolve(host);
    const refusal = this.policy.refuses(
      host,
      addresses.map((a) => a.address),
      port,
    );
    if (refusal) throw new OutboundRefused(refusal, `${url.host} (${addresses.map((a) => a.address).join(', ')})`);
    return addresses;
  }

  private request(
    url: URL,
    addresses: readonly ResolvedAddress[],
    headers: Record<string, string>,
    maxBytes: number,
    signal: AbortSignal,
  ): Promise<OutboundResponse> {
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<OutboundResponse>((resolve, reject) => {
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        fn();
      };
      const fail = (err: Error) => settle(() => reject(err));
      const req = client.request(
        {
          protocol: url.protocol,
          hostname: bareHost(url.hostname),
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: 'GET',
          headers,
          // A fresh connection each time: no pooled socket to an address checked earlier.
          agent: false,
          lookup: pinnedLookup(addresses),
        },
        (res) => {
          const answer = (body: Buffer, truncated: boolean) =>
            settle(() => {
              const h = new Headers();
              for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
                try {
                  h.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
                } catch {
                  // A header value fetch's Headers refuses: left out.
                }
              }
              resolve({ url: url.toString(), status: res.statusCode ?? 0, headers: h, body, truncated });
            });
          const redirect = REDIRECTS.has(res.statusCode ?? 0);
          if (redirect || maxBytes === 0) {
            answer(Buffer.alloc(0), !redirect && res.headers['content-length'] !== '0');
            res.destroy();
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            size += chunk.length;
            if (size <= maxBytes) return;
            answer(Buffer.concat(chunks).subarray(0, maxBytes), true);
            res.destroy();
          });
          res.once('end', () => answer(Buffer.concat(chunks), false));
          res.on('error', fail);
          res.once('close', () => fail(new Error('connection closed before the body ended')));
        },
      );
      const onAbort = () => {
        fail(signal.reason as Error);
        req.destroy();
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      req.on('error', fail);
      req.end();
    });
  }
}
