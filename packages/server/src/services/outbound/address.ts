/**
 * Where the server's own outbound fetches may go (services/outbound/fetch.ts): public
 * unicast addresses on the web ports, nothing inside. Refused: private (10/8, 172.16/12,
 * 192.168/16, fc00::/7), carrier-grade NAT (100.64/10), loopback (127/8, ::1), link-local
 * (169.254/16 with the 169.254.169.254 metadata service, fe80::/10), unspecified,
 * broadcast, multicast, the reserved and documentation ranges, IPv6 outside global
 * unicast 2000::/3, and IPv4 inside IPv6 (mapped, NAT64, 6to4, Teredo) unless the IPv4
 * address itself is public. Ranges come from ipaddr.js's classification.
 */
import ipaddr from 'ipaddr.js';

/** Ports a public address may be fetched on. */
export const WEB_PORTS: ReadonlySet<number> = new Set([80, 443]);

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Names refused whatever they resolve to: this machine, cloud metadata services, and
 * suffixes that only ever name hosts inside a network. A name without a dot is refused
 * too (a search domain or a container name: an inside host).
 */
const REFUSED_NAMES = new Set([
  'localhost',
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);
const REFUSED_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa'];

/** `hostname` without brackets (IPv6 literals) or a trailing dot, lower case. */
export function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** True when a host name (not an address) is refused before any lookup. */
export function isRefusedName(hostname: string): boolean {
  const name = bareHost(hostname);
  if (ipaddr.isValid(name)) return false;
  return !name.includes('.') || REFUSED_NAMES.has(name) || REFUSED_SUFFIXES.some((s) => name.endsWith(s));
}

/** A public unicast address: the only kind fetched without an exemption. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged as the IPv4 address it reaches.
  const ip = ipaddr.process(address);
  if (ip.range() !== 'unicast') return false;
  return ip.kind() === 'ipv4' || (ip as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

export type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** `a.b.c.d/n`, `x::y/n` or a bare address (one host); throws on anything else. */
export function parseCidr(text: string): Cidr {
  const s = text.trim();
  if (ipaddr.isValidCIDR(s)) {
    const [ip, bits] = ipaddr.parseCIDR(s);
    return ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()
      ? [(ip as ipaddr.IPv6).toIPv4Address(), Math.max(0, bits - 96)]
      : [ip, bits];
  }
  if (ipaddr.isValid(s)) {
    const ip = ipaddr.process(s);
    return [ip, ip.kind() === 'ipv4' ? 32 : 128];
  }
  throw new Error(`not an address or CIDR range: "${text}"`);
}

function inRange(address: string, ranges: readonly Cidr[]): boolean {
  if (ranges.length === 0 || !ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  return ranges.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits));
}

/** Why a target is refused: its name, one of its addresses, or the port. */
export type TargetRefusal = 'name' | 'address' | 'port';

/**
 * Which targets a fetch may connect to. Every address the name resolved to must pass
 * (one inside address among public ones is a rebinding trick, not a fallback):
 * - an address of an exempted range (OUTBOUND_ALLOW_CIDRS: an intranet site the operator
 *   names), or one `exempt` allows (tests: their loopback servers), on any port;
 * - otherwise a public address (isPublicAddress) on port 80 or 443, under a name that is
 *   not refused (isRefusedName).
 */
export class AddressPolicy {
  constructor(
    private readonly allowed: readonly Cidr[] = [],
    private readonly exempt?: (address: string, port: number) => boolean,
  ) {}

  /** Undefined when the fetch may connect to `addresses` (what `hostname` resolved to) on `port`. */
  refuses(hostname: string, addresses: readonly string[], port: number): TargetRefusal | undefined {
    const exempted = (a: string) => this.exempt?.(a, port) === true || inRange(a, this.allowed);
    if (addresses.length > 0 && addresses.every(exempted)) return undefined;
    if (isRefusedName(hostname)) return 'name';
    if (!addresses.every(isPublicAddress)) return 'address';
    if (!WEB_PORTS.has(port)) return 'port';
    return undefined;
  }
}
