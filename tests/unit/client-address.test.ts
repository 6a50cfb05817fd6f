import { describe, expect, it } from "vitest";
import { addressKey, clientAddress, UNKNOWN_CLIENT } from "~/server/http/client-address.server";

// The client address rate limits count by: the socket's peer, or what a trusted proxy recorded.

const request = (forwardedFor?: string) =>
  new Request("http://localhost:3000/auth/login", { headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {} });
const socket = (address: string) => ({ clientAddress: address });

describe("clientAddress", () => {
  it("is the socket's address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    const direct = { trustProxy: 0 };
    for (let i = 0; i < 20; i++) {
      expect(clientAddress(request(`198.51.100.${i}`), socket("203.0.113.7"), direct)).toBe("203.0.113.7");
    }
    expect(clientAddress(request(), socket("::ffff:203.0.113.7"), direct)).toBe("203.0.113.7");
  });

  it("with TRUST_PROXY=n takes the entry the outermost trusted proxy wrote, ignoring what the client prepended", () => {
    // client sent "1.1.1.1"; the proxy appended the address it saw, 203.0.113.7.
    expect(clientAddress(request("1.1.1.1, 203.0.113.7"), socket("10.0.0.2"), { trustProxy: 1 })).toBe("203.0.113.7");
    expect(clientAddress(request("1.1.1.1, 203.0.113.7, 10.0.0.9"), socket("10.0.0.2"), { trustProxy: 2 })).toBe(
      "203.0.113.7",
    );
    // Fewer entries than proxies: the leftmost one any proxy wrote.
    expect(clientAddress(request("203.0.113.7"), socket("10.0.0.2"), { trustProxy: 2 })).toBe("203.0.113.7");
    // No header: the proxy itself (or a client that reached the shop directly).
    expect(clientAddress(request(), socket("10.0.0.2"), { trustProxy: 1 })).toBe("10.0.0.2");
    // Garbage is not an address: the last believable one is kept.
    expect(clientAddress(request("not-an-ip"), socket("10.0.0.2"), { trustProxy: 1 })).toBe("10.0.0.2");
  });

  it("is one shared bucket when nothing tells the address (no socket in the context)", () => {
    expect(clientAddress(request("198.51.100.1"), {}, { trustProxy: 0 })).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(request("198.51.100.2"), undefined, { trustProxy: 0 })).toBe(UNKNOWN_CLIENT);
  });
});

describe("addressKey", () => {
  it("keeps IPv4 and counts IPv6 by its /64, which one subscriber usually holds whole", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:ffff:ffff:ffff:fffe")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("nonsense")).toBeNull();
    expect(addressKey("")).toBeNull();
  });
});
