import { describe, expect, it } from "vitest";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

const MINUTE = 60_000;

describe.each(STORE_ADAPTERS)("OnceStore contract: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("lets exactly one of many concurrent callers claim a task", async () => {
    const now = new Date();
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => db.store.once.claim("seed-catalogue", { now, staleMs: 10 * MINUTE })),
    );
    expect(claims.filter((c) => c === "claimed")).toHaveLength(1);
    expect(claims.filter((c) => c === "held")).toHaveLength(7);
  });

  it("says done once the claimer finished, for good", async () => {
    const now = new Date();
    expect(await db.store.once.claim("seed-posts", { now, staleMs: MINUTE })).toBe("claimed");
    await db.store.once.finish("seed-posts");
    expect(
      await db.store.once.claim("seed-posts", { now: new Date(now.getTime() + 60 * MINUTE), staleMs: MINUTE }),
    ).toBe("done");
    // Tasks are independent.
    expect(await db.store.once.claim("seed-orders", { now, staleMs: MINUTE })).toBe("claimed");
  });

  it("hands a claim that never finished to another caller once it is stale", async () => {
    const start = new Date("2026-11-23T10:00:00.000Z");
    expect(await db.store.once.claim("seed-orders", { now: start, staleMs: 10 * MINUTE })).toBe("claimed");
    expect(
      await db.store.once.claim("seed-orders", { now: new Date(start.getTime() + 9 * MINUTE), staleMs: 10 * MINUTE }),
    ).toBe("held");
    expect(
      await db.store.once.claim("seed-orders", { now: new Date(start.getTime() + 11 * MINUTE), staleMs: 10 * MINUTE }),
    ).toBe("claimed");
  });
});
