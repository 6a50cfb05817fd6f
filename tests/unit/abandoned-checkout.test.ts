import { describe, expect, it } from "vitest";
import {
  alreadyRecorded,
  dueBefore,
  dueReminder,
  isExpired,
  pruneBefore,
  restoreExpiry,
} from "~/domain/abandoned-checkout";

// When a reminder is due: the first `abandonedAfterHours` after the checkout's last change, a
// second only when the owner set one, never for a converted or empty checkout; links live 7 days.

const T0 = new Date("2026-06-01T09:00:00.000Z");
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
const open = {
  convertedOrderId: null,
  remindersSent: 0 as const,
  updatedAt: T0.toISOString(),
  lastSentAt: null,
  lines: [{ productId: "p", size: "M", colour: "Black", quantity: 1, name: "Shirt", unitPriceMinor: 100 }],
};
const rules = { abandonedAfterHours: 4, secondAfterHours: null };

describe("dueReminder", () => {
  it("the first is due once the hours have passed since the checkout's last change", () => {
    expect(dueReminder(open, at(3.99), rules)).toBeNull();
    expect(dueReminder(open, at(4), rules)).toBe(1);
    expect(dueReminder(open, at(0.5), { ...rules, abandonedAfterHours: 0.25 })).toBe(1);
  });

  it("none for a converted or empty checkout", () => {
    expect(dueReminder({ ...open, convertedOrderId: "o1" }, at(10), rules)).toBeNull();
    expect(dueReminder({ ...open, lines: [] }, at(10), rules)).toBeNull();
  });

  it("a second only when the owner set one, counted from the first; never a third", () => {
    const once = { ...open, remindersSent: 1 as const, lastSentAt: at(4).toISOString() };
    expect(dueReminder(once, at(1000), rules)).toBeNull();
    expect(dueReminder(once, at(27.9), { ...rules, secondAfterHours: 24 })).toBeNull();
    expect(dueReminder(once, at(28), { ...rules, secondAfterHours: 24 })).toBe(2);
    expect(dueReminder({ ...once, remindersSent: 2 }, at(1000), { ...rules, secondAfterHours: 24 })).toBeNull();
  });
});

describe("times", () => {
  it("dueBefore is `hours` before now", () => {
    expect(dueBefore(at(4), 4)).toBe(T0.toISOString());
  });

  it("a restore link made now expires in exactly 7 days", () => {
    const expiry = restoreExpiry(T0);
    expect(expiry.toISOString()).toBe(at(7 * 24).toISOString());
    expect(isExpired(expiry.getTime(), at(7 * 24 - 0.01))).toBe(false);
    expect(isExpired(expiry.getTime(), at(7 * 24))).toBe(true);
  });
});

describe("recording a checkout again, and pruning", () => {
  const l = (quantity: number, size = "M") => ({
    productId: "p1",
    size,
    colour: "Black",
    quantity,
    name: "Linen Shirt",
    unitPriceMinor: 3000,
  });
  const open = { email: "ann@example.com", lines: [l(1), l(2, "L")], convertedOrderId: null, optedOut: false };

  it("calls the same address and lines, in any order, already recorded; anything else is a change", () => {
    expect(alreadyRecorded(open, " Ann@Example.com", [l(2, "L"), l(1)])).toBe(true);
    expect(alreadyRecorded(open, "ann@example.com", [l(1), l(3, "L")])).toBe(false);
    expect(alreadyRecorded(open, "bob@example.com", open.lines)).toBe(false);
    expect(alreadyRecorded(open, "ann@example.com", [l(1)])).toBe(false);
    expect(
      alreadyRecorded(
        { ...open, lines: [{ ...l(1), unitPriceMinor: 2500 }, l(2, "L")] },
        "ann@example.com",
        open.lines,
      ),
    ).toBe(false);
    // A finished purchase, or no record: the checkout is a new one.
    expect(alreadyRecorded({ ...open, convertedOrderId: "o1" }, "ann@example.com", open.lines)).toBe(false);
    expect(alreadyRecorded(null, "ann@example.com", open.lines)).toBe(false);
  });

  it("prunes after the reminders' delays, the restore link's 7 days and 7 days to spare", () => {
    const now = new Date("2026-06-30T00:00:00.000Z");
    expect(pruneBefore(now, { abandonedAfterHours: 4, secondAfterHours: null })).toBe("2026-06-15T20:00:00.000Z");
    expect(pruneBefore(now, { abandonedAfterHours: 4, secondAfterHours: 24 })).toBe("2026-06-14T20:00:00.000Z");
  });
});
