import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/server/config.server";

// The admin API's and webhooks' settings: the fixed rate limit and sweep, the one variable left
// (private endpoints), and test-speed values only through the test-hook switch.

describe("API and webhook configuration", () => {
  it("allows 120 requests per key per minute and sweeps every 5 s; private endpoints refused unless allowed", () => {
    const config = parseConfig({});
    expect(config.api).toEqual({ ratePerMinute: 120 });
    expect(config.webhooks).toEqual({ allowPrivateAddresses: false, sweepMs: 5000 });
    expect(parseConfig({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "1" }).webhooks.allowPrivateAddresses).toBe(true);
    expect(() => parseConfig({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "yes" })).toThrow(ConfigError);
    expect(() => parseConfig({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "yes" })).toThrow("WEBHOOK_ALLOW_PRIVATE_ADDRESSES");
  });

  it("takes a test's sweep and rate limit from HEMLINE_TEST_HOOKS, and no longer reads the old variables", () => {
    const config = parseConfig({ HEMLINE_TEST_HOOKS: "webhook-sweep-seconds=0.5,api-rate-limit-per-minute=1000" });
    expect(config.webhooks.sweepMs).toBe(500);
    expect(config.api.ratePerMinute).toBe(1000);
    expect(() => parseConfig({ HEMLINE_TEST_HOOKS: "webhook-sweep-seconds=0" })).toThrow(
      /HEMLINE_TEST_HOOKS: webhook-sweep-seconds must be a number from 0.1/,
    );
    const old = parseConfig({ WEBHOOK_SWEEP_SECONDS: "0.5", API_RATE_LIMIT_PER_MINUTE: "1000" });
    expect(old.webhooks.sweepMs).toBe(5000);
    expect(old.api.ratePerMinute).toBe(120);
  });
});
