import { describe, expect, it } from "vitest";
import { retiredVariableWarnings } from "~/server/retired-variables";

describe("retired variables", () => {
  it("tells an operator who still sets one where the figure lives now", () => {
    const warnings = retiredVariableWarnings({ SHIPPING_STANDARD_CENTS: "595", PORT: "3000", FEED_READ_CHUNK_KB: "" });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^SHIPPING_STANDARD_CENTS is no longer read: delivery prices are edited at \/admin\/shipping/,
    );
  });

  it("says nothing to a shop that sets none", () => {
    expect(retiredVariableWarnings({ PORT: "3000", SESSION_SECRET: "x" })).toEqual([]);
  });
});
