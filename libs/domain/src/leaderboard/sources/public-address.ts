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
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Every address `hostname` resolves to, refused unless all are public: an admin's source URL (or the
 * "Test connection" button) must not reach the cluster's own services or the cloud metadata endpoint.
 * Returns the reason, or null when the host is public.
 */
export async function privateHostReason(hostname: string): Promise<string | null> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  const blocked = addresses.find((a) => !isPublicAddress(a));
  return blocked ? `${hostname} resolves to a private or reserved address (${blocked}); only public hosts may be fetched` : null;
}
