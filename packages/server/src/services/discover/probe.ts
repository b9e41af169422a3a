/**
 * The frameability probe (docs/PROTOCOL.md "Discover"): may another origin (the
 * Parley client) show this page in an iframe? A GET through the guarded outbound fetcher
 * (services/outbound/fetch.ts: public addresses only, every redirect checked again, at
 * most 3, headers only, one deadline); false when the page forbids it through
 * X-Frame-Options or CSP `frame-ancestors`, when the final answer is not 2xx, or when the
 * fetch is refused (OUTBOUND_FETCH=off, an inside address) or fails.
 */
import { DiscoverLimits } from '@parley/protocol';
import type { OutboundFetcher } from '../outbound/fetch.js';

/** X-Frame-Options: DENY and SAMEORIGIN both refuse another origin (ALLOW-FROM is obsolete: treated as refusing). */
export function xfoForbids(value: string | null): boolean {
  if (!value) return false;
  return value
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .some((v) => v === 'deny' || v === 'sameorigin' || v.startsWith('allow-from'));
}

/**
 * CSP `frame-ancestors` (any of the policies, comma-joined when sent twice): allows an
 * unknown other origin only with `*` or a bare scheme (`https:`). 'none', 'self' and
 * host lists refuse, since the client's origin is not one the page can name.
 */
export function cspForbids(value: string | null): boolean {
  if (!value) return false;
  for (const policy of value.split(',')) {
    for (const directive of policy.split(';')) {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name?.toLowerCase() !== 'frame-ancestors') continue;
      const open = sources.some((s) => s === '*' || /^https?:$/i.test(s));
      if (!open) return true;
    }
  }
  return false;
}

export async function probeFrameable(
  url: string,
  outbound: OutboundFetcher,
  timeoutMs: number = DiscoverLimits.PROBE_TIMEOUT_MS,
): Promise<boolean> {
  try {
    const res = await outbound.get(url, {
      timeoutMs,
      // The headers say it all; the body is never read.
      maxBytes: 0,
      headers: { accept: 'text/html,*/*;q=0.8', 'user-agent': 'Parley-Discover-Probe/1' },
    });
    if (res.status < 200 || res.status >= 300) return false;
    return !xfoForbids(res.headers.get('x-frame-options')) && !cspForbids(res.headers.get('content-security-policy'));
  } catch {
    return false;
  }
}
