/**
 * Where webhooks may connect (ASVS 5.2.6, 12.6.1): only to public unicast addresses, unless the
 * operator lists an internal network in WEBHOOK_ALLOW_NETWORKS. A URL's host is resolved (every
 * address a name has) when the webhook is created and again at every delivery, and a delivery
 * connects to the addresses checked then, not to a second lookup's (no DNS rebinding).
 *
 * Refused: loopback, private (10/8, 172.16/12, 192.168/16), carrier-grade NAT (100.64/10,
 * where some clouds keep their metadata service), link-local (169.254/16, fe80::/10: the
 * metadata address 169.254.169.254), unique-local (fc00::/7), multicast, broadcast,
 * unspecified, reserved and documentation ranges, IPv4-mapped, -compatible and NAT64 IPv6
 * forms of those, and the names `localhost` and the cloud metadata names. The URL parser
 * (WHATWG, Node's URL) has already turned 0x7f000001, 2130706433, 127.1 and 0177.0.0.1 into
 * 127.0.0.1 and [::ffff:127.0.0.1] into [::ffff:7f00:1]; ipaddr.js classifies the result.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export type ResolvedAddress = { address: string; family: number };
/** Every address of a host name (dns.lookup with all: true); tests inject their own. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The URL's host is an address webhooks may not reach. */
export class AddressRefused extends Error {
  constructor() {
    super('The URL must lead to a public address: webhooks are not sent to loopback, private, link-local, metadata or other internal addresses');
  }
}

/** The URL's host name has no address (or the lookup failed). */
export class HostNotFound extends Error {
  constructor(readonly host: string) {
    super(`The URL's host ${host} could not be found`);
  }
}

/** Names that always mean the cloud metadata service, whatever a resolver answers. */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);
const METADATA_ADDRESS: ResolvedAddress = { address: '169.254.169.254', family: 4 };
/** RFC 6761: localhost is loopback, never asked of DNS. */
const LOOPBACK: ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses WEBHOOK_ALLOW_NETWORKS entries (CIDRs, or single addresses); throws on a bad one. */
export function parseNetworks(entries: readonly string[]): Network[] {
  return entries.map((entry) => {
    if (ipaddr.isValidCIDR(entry)) return ipaddr.parseCIDR(entry);
    if (isIP(entry)) {
      const ip = ipaddr.parse(entry);
      return [ip, ip.kind() === 'ipv4' ? 32 : 128] as Network;
    }
    throw new Error(`${entry} is not a network (CIDR like 10.20.0.0/16 or fd00:1::/64)`);
  });
}

/** True for an address a webhook may reach without the operator's say-so. */
function isPublic(ip: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast';
  const v6 = ip as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return isPublic(v6.toIPv4Address());
  const parts = v6.parts;
  // NAT64's well-known prefix 64:ff9b::/96 carries an IPv4 address: judge that one.
  if (parts[0] === 0x64 && parts[1] === 0xff9b && parts.slice(2, 6).every((p) => p === 0))
    return isPublic(new ipaddr.IPv4([parts[6]! >> 8, parts[6]! & 0xff, parts[7]! >> 8, parts[7]! & 0xff]));
  // IPv4-compatible ::a.b.c.d (deprecated) and anything else in ::/96.
  if (parts.slice(0, 6).every((p) => p === 0)) return false;
  return v6.range() === 'unicast';
}

export type AddressPolicy = {
  /**
   * The addresses a delivery to this URL may connect to: every address its host has, each
   * public or in an allowed network. Throws AddressRefused or HostNotFound.
   */
  check(url: string | URL): Promise<ResolvedAddress[]>;
};

export function createAddressPolicy(options: { allow?: readonly string[]; resolve?: Resolver } = {}): AddressPolicy {
  const allowed = parseNetworks(options.allow ?? []);
  const resolve = options.resolve ?? systemResolver;
  const permitted = (address: string): boolean => {
    let ip: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      ip = ipaddr.parse(address);
    } catch {
      return false;
    }
    const forms = [ip];
    if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) forms.push((ip as ipaddr.IPv6).toIPv4Address());
    if (allowed.some(([net, bits]) => forms.some((f) => f.kind() === net.kind() && f.match(net, bits)))) return true;
    return isPublic(ip);
  };
  return {
    async check(raw) {
      const url = typeof raw === 'string' ? new URL(raw) : raw;
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      let addresses: ResolvedAddress[];
      const family = isIP(host);
      if (family) addresses = [{ address: host, family }];
      else {
        const name = host.toLowerCase().replace(/\.$/, '');
        if (name === 'localhost' || name.endsWith('.localhost')) addresses = LOOPBACK;
        else if (METADATA_NAMES.has(name)) addresses = [METADATA_ADDRESS];
        else {
          try {
            addresses = await resolve(name);
          } catch {
            throw new HostNotFound(name);
          }
          if (addresses.length === 0) throw new HostNotFound(name);
        }
      }
      // localhost is both loopbacks by definition (no one can change that): the allowed ones of them.
      if (addresses === LOOPBACK) addresses = LOOPBACK.filter((a) => permitted(a.address));
      // Every address a name has must be allowed: a client could be sent to any of them.
      if (addresses.length === 0 || !addresses.every((a) => permitted(a.address))) throw new AddressRefused();
      return addresses;
    },
  };
}

/**
 * A `lookup` for a request that answers only the addresses already checked, so the
 * connection goes where the check looked (a name that changes its answer in between is not
 * asked again).
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) return (callback as (err: null, addresses: ResolvedAddress[]) => void)(null, [...addresses]);
    const chosen = addresses.find((a) => !options.family || a.family === options.family) ?? addresses[0]!;
    callback(null, chosen.address, chosen.family);
  };
}
