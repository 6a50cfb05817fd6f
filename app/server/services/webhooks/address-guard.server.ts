import dns from "node:dns";
import net from "node:net";

// SSRF: a webhook endpoint must not make the shop post to its own network (a metadata server,
// an admin port on localhost, the database). Every address a host resolves to is checked, at
// registration and again when connecting (the lookup below), so a name that later resolves to a
// private address (DNS rebinding) is refused too.

const PRIVATE = new net.BlockList();
for (const [subnet, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3], // multicast and reserved, up to 255.255.255.255
] as const)
  PRIVATE.addSubnet(subnet, bits, "ipv4");
for (const [subnet, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const)
  PRIVATE.addSubnet(subnet, bits, "ipv6");

/** Whether an IP address is private, loopback, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return PRIVATE.check(address, "ipv4");
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, "ipv4");
  return PRIVATE.check(address, "ipv6");
}

export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private, loopback or link-local address`);
    this.name = "PrivateAddressError";
  }
}

/** The host's addresses; rejects with PrivateAddressError when one is private (unless allowed). */
export async function resolvePublic(host: string, allowPrivate: boolean): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, "");
  const addresses = net.isIP(bare) ? [bare] : (await dns.promises.lookup(bare, { all: true })).map((a) => a.address);
  if (!allowPrivate) {
    const blocked = addresses.find(isPrivateAddress);
    if (blocked) throw new PrivateAddressError(host, blocked);
  }
  return addresses;
}

/** A `lookup` for http.request that refuses private addresses at connection time. */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as dns.LookupAddress[];
      const blocked = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (blocked) return callback(new PrivateAddressError(hostname, blocked.address), "", 0);
      if ((options as dns.LookupOptions).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
