import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Addresses a casino API never has: loopback, private, link-local (cloud metadata), CGNAT, multicast, reserved. */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  // Unspecified, loopback and the old IPv4-compatible form (`::127.0.0.1`) in one.
  ['::', 96],
  // Local-use NAT64 translates to the operator's own network.
  ['64:ff9b:1::', 48],
  ['100::', 64],
  // IETF protocol assignments, Teredo among them: the IPv4 end is not ours to check.
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** The eight 16-bit groups of an IPv6 address, or null when it is not one the URL parser accepts (zone ids). */
function ipv6Groups(address: string): number[] | null {
  if (!URL.canParse(`http://[${address}]`)) return null;
  // The URL parser writes every IPv6 form the same way: lowercase hex, the embedded IPv4 as hex, one `::`.
  const canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const [head, tail] = canonical.split('::') as [string, string | undefined];
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? 0 : 8 - front.length - back.length;
  return [...front, ...Array<string>(zeros).fill('0'), ...back].map((group) => parseInt(group, 16));
}

const ipv4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');

/**
 * The IPv4 address an IPv6 one stands for, where the network delivers it there: IPv4-mapped (`::ffff:a.b.c.d`), the
 * NAT64 well-known prefix (`64:ff9b::/96`) and 6to4 (`2002::/16`).
 */
function embeddedIpv4(g: number[]): string | null {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return ipv4Of(g[1]!, g[2]!);
  return null;
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const ipv4 = embeddedIpv4(groups);
  if (ipv4) return isPublicAddress(ipv4);
  return !NOT_PUBLIC.check(address, 'ipv6');
}

export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const resolveAll: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** Why `hostname` may not be fetched, or its addresses: all of them public. */
export type HostCheck = { refused: string } | { addresses: LookupAddress[] };

/**
 * Resolves `hostname` once and checks every address it has: an admin's source URL (or the "Test connection" button)
 * must not reach the cluster's own services or the cloud metadata endpoint. The fetch then connects to these checked
 * addresses (pinnedAgent), so a second lookup cannot answer differently (DNS rebinding).
 */
export async function checkHost(hostname: string, resolve: Resolve = resolveAll, isAllowed = isPublicAddress): Promise<HostCheck> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  let addresses: LookupAddress[];
  try {
    addresses = family ? [{ address: host, family }] : await resolve(host);
  } catch {
    return { refused: `${hostname} could not be resolved` };
  }
  if (!addresses.length) return { refused: `${hostname} could not be resolved` };
  const blocked = addresses.find((a) => !isAllowed(a.address));
  if (blocked)
    return { refused: `${hostname} resolves to a private or reserved address (${blocked.address}); only public hosts may be fetched` };
  return { addresses };
}
