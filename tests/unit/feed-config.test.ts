import { describe, expect, it } from "vitest";
import { parseConfig } from "~/server/config.server";

// How often the product feed may be rebuilt (decision 0031), how long its builder's lease lasts (0034)
// and how much of a kept file one read takes: constants now, not variables; tests rebuild at once
// through the test-hook switch.

describe("product feed configuration", () => {
  it("rebuilds each feed at most every 300 s, holds a builder's lease 60 s, reads 512 KB at a time", () => {
    expect(parseConfig({}).feed).toEqual({
      country: "IE",
      rebuildEveryMs: 300_000,
      leaseMs: 60_000,
      readChunkBytes: 512 * 1024,
    });
  });

  it("rebuilds after every change only for a test that says so through HEMLINE_TEST_HOOKS", () => {
    expect(parseConfig({ HEMLINE_TEST_HOOKS: "feed-rebuild-seconds=0" }).feed.rebuildEveryMs).toBe(0);
    expect(parseConfig({ HEMLINE_TEST_HOOKS: "feed-rebuild-seconds=1.5" }).feed.rebuildEveryMs).toBe(1500);
    expect(() => parseConfig({ HEMLINE_TEST_HOOKS: "feed-rebuild-seconds=soon" })).toThrow(
      /HEMLINE_TEST_HOOKS: feed-rebuild-seconds must be a number/,
    );
  });

  it("no longer reads FEED_REBUILD_SECONDS, FEED_LEASE_SECONDS or FEED_READ_CHUNK_KB", () => {
    const old = { FEED_REBUILD_SECONDS: "0", FEED_LEASE_SECONDS: "2", FEED_READ_CHUNK_KB: "8" };
    expect(parseConfig(old).feed).toEqual(parseConfig({}).feed);
  });
});
