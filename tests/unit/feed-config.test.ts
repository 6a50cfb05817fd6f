import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/server/config.server";

// How often the product feed may be rebuilt (decision 0031) and how long its builder's lease lasts (0034): the
// defaults, fractions, 0, and a wrong value named at start.

describe("product feed configuration", () => {
  it("rebuilds each feed at most every 300 s by default; 0 after every change", () => {
    expect(parseConfig({}).feed).toEqual({
      country: "IE",
      rebuildEveryMs: 300_000,
      leaseMs: 60_000,
      readChunkBytes: 512 * 1024,
    });
    expect(parseConfig({ FEED_REBUILD_SECONDS: "0" }).feed.rebuildEveryMs).toBe(0);
    expect(parseConfig({ FEED_REBUILD_SECONDS: "1.5" }).feed.rebuildEveryMs).toBe(1500);
  });

  it.each([["-1"], ["soon"], ["100000"]])("stops start-up on FEED_REBUILD_SECONDS=%s, naming the variable", (value) => {
    expect(() => parseConfig({ FEED_REBUILD_SECONDS: value })).toThrow(ConfigError);
    expect(() => parseConfig({ FEED_REBUILD_SECONDS: value })).toThrow("FEED_REBUILD_SECONDS");
  });

  it("holds a feed builder's lease 60 s unless renewed by default; another length in seconds", () => {
    expect(parseConfig({ FEED_LEASE_SECONDS: "2" }).feed.leaseMs).toBe(2000);
  });

  it.each([["8"], ["1.5"], ["a lot"], ["20000"]])(
    "stops start-up on FEED_READ_CHUNK_KB=%s, naming the variable",
    (value) => {
      expect(() => parseConfig({ FEED_READ_CHUNK_KB: value })).toThrow("FEED_READ_CHUNK_KB");
    },
  );

  it.each([["0"], ["later"], ["7200"]])("stops start-up on FEED_LEASE_SECONDS=%s, naming the variable", (value) => {
    expect(() => parseConfig({ FEED_LEASE_SECONDS: value })).toThrow(ConfigError);
    expect(() => parseConfig({ FEED_LEASE_SECONDS: value })).toThrow("FEED_LEASE_SECONDS");
  });
});
