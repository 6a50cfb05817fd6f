import { describe, expect, it } from "vitest";
import { retryAborted, StillAbortedError } from "~/server/migration/retry-aborted.server";
import { formatReport } from "~/server/migration/migrate-shop.server";

// migrate:to-firebase run again right after it was killed: Firestore aborts the writes that wait
// on the killed run's locks (10 ABORTED), and a later try converges. The run tries again itself,
// and says what to do in one line when it keeps failing.

const aborted = () => Object.assign(new Error("10 ABORTED: Transaction lock timeout."), { code: 10 });

describe("a migration that Firestore aborts", () => {
  it("is run again until it goes through, saying so", async () => {
    const lines: string[] = [];
    let tries = 0;
    const result = await retryAborted(
      async () => {
        tries++;
        if (tries < 3) throw aborted();
        return "copied";
      },
      { waitsMs: [1, 1, 1], log: (line) => lines.push(line) },
    );
    expect(result).toBe("copied");
    expect(tries).toBe(3);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Firestore aborted a write .*: trying again in 0.001 s\.$/);
  });

  it("stops with one line of advice when it keeps being aborted, and never retries another error", async () => {
    let tries = 0;
    const always = retryAborted(
      async () => {
        tries++;
        throw aborted();
      },
      { waitsMs: [1, 1] },
    );
    await expect(always).rejects.toBeInstanceOf(StillAbortedError);
    await expect(always).rejects.toThrow(
      "Firestore kept aborting the copy (3 tries: another run's writes still hold their locks). " +
        "Make sure no other migration is running, wait a minute and run npm run migrate:to-firebase again.",
    );
    expect(tries).toBe(3);

    let other = 0;
    await expect(
      retryAborted(
        async () => {
          other++;
          throw new Error("permission denied");
        },
        { waitsMs: [1] },
      ),
    ).rejects.toThrow("permission denied");
    expect(other).toBe(1);
  });
});

describe("the migration report's advice", () => {
  const meta = { at: "2030-01-01T00:00:00.000Z", source: "a", target: "b" };
  const report = (rows: Array<{ name: string; source: number; target: number }>) =>
    formatReport(
      { rows, differences: rows.filter((r) => r.source !== r.target), accountsFailed: [], mediaMissing: [] },
      meta,
    );

  it("says to run again only for what Firebase lacks, and that a run cannot remove what Firebase has more of", () => {
    const text = report([
      { name: "products", source: 99, target: 99 },
      { name: "orders", source: 265, target: 264 },
      { name: "reviews", source: 10, target: 12 },
    ]);
    expect(text).toContain("2 figure(s) differ.");
    expect(text).toContain(
      "- Firebase holds less of: orders. Run the migration again (it copies what is missing); if they still differ, do not switch.",
    );
    expect(text).toContain("- Firebase holds more of: reviews. Running again cannot fix this (a run never deletes)");
    expect(report([{ name: "reviews", source: 10, target: 12 }])).not.toContain("Run the migration again");
    expect(report([{ name: "orders", source: 1, target: 1 }])).toContain("Every figure matches.");
  });
});
