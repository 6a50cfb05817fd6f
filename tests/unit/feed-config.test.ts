import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/server/config.server";

// How often the product feed may be rebuilt (decision 0031): the default, fractions, 0, and a wrong value named at start.

describe("product feed configuration", () => {
  it("rebuilds each feed at most every 300 s by default; 0 after every change", () => {
    expect(parseConfig({}).feed).toEqual({ country: "IE", rebuildEveryMs: 300_000 });
    expect(parseConfig({ FEED_REBUILD_SECONDS: "0" }).feed.rebuildEveryMs).toBe(0);
    expect(parseConfig({ FEED_REBUILD_SECONDS: "1.5" }).feed.rebuildEveryMs).toBe(1500);
  });

  it.each([["-1"], ["soon"], ["100000"]])("stops start-up on FEED_REBUILD_SECONDS=%s, naming the variable", (value) => {
    expect(() => parseConfig({ FEED_REBUILD_SECONDS: value })).toThrow(ConfigError);
    expect(() => parseConfig({ FEED_REBUILD_SECONDS: value })).toThrow("FEED_REBUILD_SECONDS");
  });
});
