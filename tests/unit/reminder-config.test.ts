import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/server/config.server";

// Abandoned-checkout reminders' settings: defaults, fractions for tests, and a wrong value named at start.

describe("reminder configuration", () => {
  it("defaults to a reminder 4 hours after the checkout, looked for every 300 s", () => {
    expect(parseConfig({}).reminders).toEqual({ abandonedAfterHours: 4, sweepMs: 300_000 });
    expect(parseConfig({ ABANDONED_AFTER_HOURS: "0.5", REMINDER_SWEEP_SECONDS: "0.5" }).reminders).toEqual({
      abandonedAfterHours: 0.5,
      sweepMs: 500,
    });
  });

  it.each([
    ["ABANDONED_AFTER_HOURS", "0"],
    ["ABANDONED_AFTER_HOURS", "-2"],
    ["ABANDONED_AFTER_HOURS", "soon"],
    ["REMINDER_SWEEP_SECONDS", "0"],
    ["REMINDER_SWEEP_SECONDS", "often"],
  ])("stops start-up on %s=%s, naming the variable", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(name);
  });
});
