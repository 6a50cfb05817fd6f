import { describe, expect, it } from "vitest";
import { shouldEnableAnalytics } from "~/lib/browser/analytics";

describe("shouldEnableAnalytics", () => {
  it("is on when a measurement id is configured on a real host", () => {
    expect(shouldEnableAnalytics({ measurementId: "G-ABC123", hostname: "shop.example.com" })).toBe(true);
    expect(shouldEnableAnalytics({ measurementId: "G-ABC123", hostname: "127.0.0.1" })).toBe(true);
  });

  it("is off without a measurement id", () => {
    for (const measurementId of [undefined, null, "", "   "]) {
      expect(shouldEnableAnalytics({ measurementId, hostname: "shop.example.com" })).toBe(false);
    }
  });

  it("is off on any host name that includes localhost", () => {
    for (const hostname of ["localhost", "LOCALHOST", "shop.localhost", "localhost.localdomain", "my-localhost-box"]) {
      expect(shouldEnableAnalytics({ measurementId: "G-ABC123", hostname }), hostname).toBe(false);
    }
  });
});
