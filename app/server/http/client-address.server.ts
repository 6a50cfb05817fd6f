import { isIP } from "node:net";
import type { Config } from "../config.server";
import { getConfig } from "../config.server";

// Who is asking, for rate limits: the address that opened the connection (scripts/server.mjs puts
// it in the load context), or, when TRUST_PROXY says that many proxies stand in front, the entry
// of X-Forwarded-For that the outermost trusted proxy wrote (entries further left are the
// client's own word). Without TRUST_PROXY the header is ignored: anyone can send one, and a fresh
// value per request would make every attempt look like a new client.

/** The bucket of requests whose address is unknown (served without scripts/server.mjs, route tests). */
export const UNKNOWN_CLIENT = "unknown";

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** An IPv6 address's /64 network: one subscriber usually holds a whole /64, so counting single addresses would be no limit. */
function ipv6Network(address: string): string {
  const bare = address.split("%")[0].toLowerCase();
  const groupsOf = (part: string) => (part ? part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : []);
  const [head, tail] = bare.includes("::") ? bare.split("::") : [bare, null];
  const left = groupsOf(head);
  const right = tail === null ? [] : groupsOf(tail);
  const groups =
    tail === null ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(":")}::/64`;
}

/** The rate-limit key of an address: IPv4 as is (IPv4-mapped IPv6 too), IPv6 by its /64; null when it is no address. */
export function addressKey(value: string | null | undefined): string | null {
  const address = value?.trim();
  if (!address) return null;
  const mapped = MAPPED_V4.exec(address);
  if (mapped && isIP(mapped[1]) === 4) return mapped[1];
  const version = isIP(address);
  if (version === 4) return address;
  if (version === 6) return ipv6Network(address);
  return null;
}

let warnedUntrustedHeader = false;

/**
 * The client's address for rate limits. `context` is the route's load context (loader/action
 * `context`); scripts/server.mjs sets `clientAddress` there from the socket.
 */
export function clientAddress(
  request: Request,
  context: unknown,
  config: Pick<Config, "trustProxy"> = getConfig(),
): string {
  const fromSocket = (context as { clientAddress?: unknown } | null | undefined)?.clientAddress;
  let address = addressKey(typeof fromSocket === "string" ? fromSocket : null);
  const forwarded = request.headers.get("X-Forwarded-For");
  if (config.trustProxy > 0) {
    // Right to left: each trusted proxy appended the address it was connected from.
    const entries = (forwarded ?? "")
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean);
    for (let hop = 0; hop < config.trustProxy && entries.length > 0; hop++) {
      const next = addressKey(entries.pop());
      if (!next) break; // not an address: a proxy would never write that, so stop believing here
      address = next;
    }
  } else if (forwarded && !warnedUntrustedHeader) {
    warnedUntrustedHeader = true;
    console.warn(
      "A request carries X-Forwarded-For, which is ignored because TRUST_PROXY is not set. Behind a reverse proxy, " +
        "set TRUST_PROXY=1 (the number of proxies), or every client shares the proxy's address for rate limits.",
    );
  }
  return address ?? UNKNOWN_CLIENT;
}
