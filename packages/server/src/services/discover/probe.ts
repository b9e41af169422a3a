/**
 * The frameability probe (docs/PROTOCOL.md "Discover"): may another origin (the
 * Parley client) show this page in an iframe? GET with a timeout, following at most
 * a few redirects and only to http(s); false when the page forbids it through
 * X-Frame-Options or CSP `frame-ancestors`, or when the probe fails.
 */
import { DiscoverLimits, isWebUrl } from '@parley/protocol';

const MAX_REDIRECTS = 5;

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

export type Fetcher = typeof fetch;

export async function probeFrameable(
  url: string,
  timeoutMs: number = DiscoverLimits.PROBE_TIMEOUT_MS,
  fetcher: Fetcher = fetch,
): Promise<boolean> {
  const signal = AbortSignal.timeout(timeoutMs);
  let current = url;
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const res = await fetcher(current, {
        method: 'GET',
        redirect: 'manual',
        signal,
        headers: { accept: 'text/html,*/*;q=0.8', 'user-agent': 'Parley-Discover-Probe/1' },
      });
      // The body is never needed.
      await res.body?.cancel().catch(() => undefined);
      if (res.status >= 300 && res.status < 400) {
        const location = res.headers.get('location');
        if (!location) return false;
        const next = new URL(location, current).toString();
        if (!isWebUrl(next)) return false;
        current = next;
        continue;
      }
      if (res.status >= 400) return false;
      return !xfoForbids(res.headers.get('x-frame-options')) && !cspForbids(res.headers.get('content-security-policy'));
    }
    return false;
  } catch {
    return false;
  }
}
