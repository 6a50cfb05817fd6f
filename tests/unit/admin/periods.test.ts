import { describe, expect, it } from "vitest";
import {
  bucketLabel,
  bucketStarts,
  change,
  previousWindow,
  startOfUtcWeek,
} from "~/server/services/analytics/periods.server";

const t = (iso: string) => Date.parse(iso);

describe("report periods (UTC)", () => {
  it("starts weeks on Monday", () => {
    // 2026-11-22 is a Sunday; its week began on Monday 16 November.
    expect(new Date(startOfUtcWeek(t("2026-11-22T23:59:00Z"))).toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(new Date(startOfUtcWeek(t("2026-11-16T00:00:00Z"))).toISOString()).toBe("2026-11-16T00:00:00.000Z");
  });

  it("lists every bucket of a window, including empty ones, across month ends", () => {
    const days = bucketStarts({ from: t("2026-10-30T12:00:00Z"), to: t("2026-11-02T01:00:00Z") }, "day");
    expect(days.map((d) => new Date(d).toISOString().slice(0, 10))).toEqual([
      "2026-10-30",
      "2026-10-31",
      "2026-11-01",
      "2026-11-02",
    ]);
    const months = bucketStarts({ from: t("2026-09-15T00:00:00Z"), to: t("2026-11-21T00:00:00Z") }, "month");
    expect(months.map((m) => bucketLabel(m, "month"))).toEqual(["Sep 2026", "Oct 2026", "Nov 2026"]);
    expect(bucketStarts({ from: 10, to: 10 }, "day")).toEqual([]);
  });

  it("compares with the period of equal length just before", () => {
    expect(previousWindow({ from: 100, to: 150 })).toEqual({ from: 50, to: 100 });
    expect(change(150, 100)).toBeCloseTo(0.5);
    expect(change(50, 100)).toBeCloseTo(-0.5);
    expect(change(10, 0)).toBeNull();
  });
});
