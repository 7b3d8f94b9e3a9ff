import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent } from 'undici';

/**
 * An HTTP agent whose connections go to `addresses` (already checked) whatever the name resolves to now: the
 * hostname still names the request (Host header, TLS server name and certificate check), but no second DNS lookup
 * happens between the check and the connection.
 */
export function pinnedAgent(addresses: LookupAddress[]): Agent {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    const usable = options.family ? addresses.filter((a) => a.family === options.family) : addresses;
    const answer = usable.length ? usable : addresses;
    if (options.all) (callback as (err: null, all: LookupAddress[]) => void)(null, answer);
    else callback(null, answer[0]!.address, answer[0]!.family);
  };
  return new Agent({ connect: { lookup } });
}
