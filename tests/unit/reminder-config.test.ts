import { describe, expect, it } from "vitest";
import { parseConfig } from "~/server/config.server";

// Abandoned-checkout reminders' timings: fixed (a reminder 4 hours after, looked for every 300 s);
// a test makes them seconds through the test-hook switch.

describe("reminder configuration", () => {
  it("sends a reminder 4 hours after the checkout, looked for every 300 s", () => {
    expect(parseConfig({}).reminders).toEqual({ abandonedAfterHours: 4, sweepMs: 300_000 });
  });

  it("takes test-speed timings from HEMLINE_TEST_HOOKS only", () => {
    const hooks = "abandoned-after-hours=0.5,reminder-sweep-seconds=0.5";
    expect(parseConfig({ HEMLINE_TEST_HOOKS: hooks }).reminders).toEqual({ abandonedAfterHours: 0.5, sweepMs: 500 });
    expect(parseConfig({ ABANDONED_AFTER_HOURS: "0.5", REMINDER_SWEEP_SECONDS: "0.5" }).reminders).toEqual(
      parseConfig({}).reminders,
    );
  });

  it.each([["abandoned-after-hours=0"], ["abandoned-after-hours=soon"], ["reminder-sweep-seconds=0"]])(
    "stops start-up on HEMLINE_TEST_HOOKS=%s, naming the switch and the hook",
    (hooks) => {
      expect(() => parseConfig({ HEMLINE_TEST_HOOKS: hooks })).toThrow(
        new RegExp(`HEMLINE_TEST_HOOKS: ${hooks.split("=")[0]} must be`),
      );
    },
  );
});
