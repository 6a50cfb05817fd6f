import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/server/config.server";

// The admin API's and webhooks' settings: defaults, and a wrong value named at start.

describe("API and webhook configuration", () => {
  it("defaults to 120 requests per key per minute, private endpoints refused, a 5 s sweep", () => {
    const config = parseConfig({});
    expect(config.api).toEqual({ ratePerMinute: 120 });
    expect(config.webhooks).toEqual({ allowPrivateAddresses: false, sweepMs: 5000 });
    expect(parseConfig({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "1", WEBHOOK_SWEEP_SECONDS: "0.5" }).webhooks).toEqual({
      allowPrivateAddresses: true,
      sweepMs: 500,
    });
  });

  it.each([
    ["API_RATE_LIMIT_PER_MINUTE", "0"],
    ["API_RATE_LIMIT_PER_MINUTE", "many"],
    ["WEBHOOK_ALLOW_PRIVATE_ADDRESSES", "yes"],
    ["WEBHOOK_SWEEP_SECONDS", "0"],
  ])("stops start-up on %s=%s, naming the variable", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(name);
  });
});
