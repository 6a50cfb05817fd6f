import { describe, expect, it } from "vitest";
import {
  parseDateRange,
  parseDay,
  parseGranularity,
  parseOrderStatus,
  parsePage,
  parseRole,
} from "~/server/http/admin-query.server";

const NOW = Date.parse("2026-11-21T15:00:00.000Z");
const q = (s: string) => new URLSearchParams(s);

describe("back-office query parsing", () => {
  it("reads page numbers and falls back to page 1 with a message", () => {
    expect(parsePage(null)).toEqual({ value: 1, problems: [] });
    expect(parsePage("3")).toEqual({ value: 3, problems: [] });
    for (const bad of ["abc", "0", "-2", "1.5", "999999"]) {
      const parsed = parsePage(bad);
      expect(parsed.value).toBe(1);
      expect(parsed.problems[0]).toContain("is not a page number");
    }
  });

  it("accepts real calendar days only", () => {
    expect(parseDay("2026-11-01")).toBe(Date.parse("2026-11-01T00:00:00Z"));
    expect(parseDay("2026-02-30")).toBe("invalid");
    expect(parseDay("yesterday")).toBe("invalid");
    expect(parseDay("")).toBeNull();
  });

  it("makes an inclusive day range, defaulting to the last N days", () => {
    expect(parseDateRange(q(""), NOW, 30).value).toMatchObject({ fromDay: "2026-10-23", toDay: "2026-11-21" });
    const range = parseDateRange(q("from=2026-11-01&to=2026-11-07"), NOW, 30);
    expect(range.problems).toEqual([]);
    expect(range.value.window).toEqual({
      from: Date.parse("2026-11-01T00:00:00Z"),
      to: Date.parse("2026-11-08T00:00:00Z"),
    });
    expect(parseDateRange(q("from=2026-11-10"), NOW, 30).value).toMatchObject({
      fromDay: "2026-11-10",
      toDay: "2026-11-21",
    });
  });

  it("falls back to the default period with a message for bad, reversed or huge ranges", () => {
    expect(parseDateRange(q("from=nope"), NOW, 30)).toMatchObject({
      value: { fromDay: "2026-10-23" },
      problems: ["The start date is not a date (use YYYY-MM-DD)."],
    });
    expect(parseDateRange(q("from=2026-11-10&to=2026-11-01"), NOW, 30).problems[0]).toContain("after the end date");
    expect(parseDateRange(q("from=2020-01-01&to=2026-11-01"), NOW, 30).problems[0]).toContain("at most 400 days");
  });

  it("knows statuses, roles and groupings", () => {
    expect(parseOrderStatus("shipped")).toEqual({ value: "shipped", problems: [] });
    expect(parseOrderStatus("lost").problems[0]).toContain("is not an order status");
    expect(parseRole("admin").value).toBe("admin");
    expect(parseRole("root").value).toBeNull();
    expect(parseGranularity("week", "day").value).toBe("week");
    expect(parseGranularity("year", "day")).toMatchObject({
      value: "day",
      problems: ["“year” is not a grouping; use day, week or month."],
    });
  });
});
