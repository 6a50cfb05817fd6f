import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ImportJob } from "~/domain/import-job";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

// Import jobs are shared by every server instance: what one stores, a second instance on the same
// database reads; of concurrent claims exactly one wins; a stale claim can be taken over.

const T0 = "2026-03-01T10:00:00.000Z";
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

function job(overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    token: crypto.randomBytes(16).toString("hex"),
    fileName: "products.csv",
    actor: "uploader@hemline.test",
    createdAt: T0,
    updatedAt: T0,
    status: "planned",
    progress: { done: 0, total: 0 },
    result: null,
    claim: null,
    ...overrides,
  };
}

const claimAt = (minutes: number, owner: string, staleMinutes = 5) => ({
  owner,
  actor: `${owner}@hemline.test`,
  at: at(minutes),
  staleBefore: at(minutes - staleMinutes),
});

describe.each(STORE_ADAPTERS)("ImportJobStore contract: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("stores a job and gives it back, with its file apart", async () => {
    const planned = job();
    const csv = "slug,name\nlinen-shirt,Linen shirt “Été”\n";
    await db.store.importJobs.create(planned, csv);
    expect(await db.store.importJobs.get(planned.token)).toEqual(planned);
    expect(await db.store.importJobs.csv(planned.token)).toBe(csv);
    expect(await db.store.importJobs.get("0".repeat(32))).toBeNull();
    expect(await db.store.importJobs.csv("0".repeat(32))).toBeNull();
  });

  it("keeps a 10 MB file whole, multi-byte characters included", async () => {
    const line = "slug-ä,Ünïcödé 👕 name,description with “quotes”,t-shirts,19.99\n";
    const csv = line.repeat(Math.floor((10 * 1024 * 1024) / Buffer.byteLength(line)));
    expect(Buffer.byteLength(csv)).toBeGreaterThan(10_000_000);
    const big = job();
    await db.store.importJobs.create(big, csv);
    const other = await db.reopen();
    expect(await other.importJobs.csv(big.token)).toBe(csv);
  });

  it("of two instances claiming at once, exactly one wins", async () => {
    const planned = job();
    await db.store.importJobs.create(planned, "x");
    const other = await db.reopen();
    const results = await Promise.all([
      db.store.importJobs.claim(planned.token, claimAt(1, "a")),
      other.importJobs.claim(planned.token, claimAt(1, "b")),
    ]);
    const winners = results.filter((r) => r !== null);
    expect(winners).toHaveLength(1);
    const winner = winners[0]!;
    expect(winner).toMatchObject({
      status: "running",
      claim: { at: at(1) },
      actor: `${winner.claim!.owner}@hemline.test`,
    });
    expect(await db.store.importJobs.get(planned.token)).toEqual(winner);
    // A third claim while the first holds it gets nothing.
    expect(await db.store.importJobs.claim(planned.token, claimAt(2, "c"))).toBeNull();
  });

  it("of many concurrent claims on several instances, exactly one wins", async () => {
    const planned = job();
    await db.store.importJobs.create(planned, "x");
    const stores = [db.store, await db.reopen(), await db.reopen()];
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, i) => stores[i % 3].importJobs.claim(planned.token, claimAt(1, `owner-${i}`))),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(1);
  });

  it("progress written by the claim's holder is visible from a second instance", async () => {
    const planned = job();
    await db.store.importJobs.create(planned, "x");
    await db.store.importJobs.claim(planned.token, claimAt(1, "a"));
    const other = await db.reopen();
    const result = { created: 3, updated: 1, unchanged: 0, rejected: 2, written: 2, error: null };
    expect(
      await db.store.importJobs.update(planned.token, "a", {
        status: "running",
        progress: { done: 2, total: 4 },
        result,
        at: at(2),
      }),
    ).toBe(true);
    expect(await other.importJobs.get(planned.token)).toMatchObject({
      status: "running",
      progress: { done: 2, total: 4 },
      result,
      claim: { owner: "a", at: at(2) },
      updatedAt: at(2),
    });
    expect(
      await db.store.importJobs.update(planned.token, "a", {
        status: "done",
        progress: { done: 4, total: 4 },
        result: { ...result, written: 4 },
        at: at(3),
      }),
    ).toBe(true);
    expect(await other.importJobs.get(planned.token)).toMatchObject({
      status: "done",
      progress: { done: 4, total: 4 },
      result: { written: 4 },
    });
    // An ended job cannot be claimed again.
    expect(await other.importJobs.claim(planned.token, claimAt(60, "b"))).toBeNull();
  });

  it("a stale running job is taken over once, and its former holder can no longer write", async () => {
    const planned = job();
    await db.store.importJobs.create(planned, "x");
    await db.store.importJobs.claim(planned.token, claimAt(1, "dead"));
    await db.store.importJobs.update(planned.token, "dead", {
      status: "running",
      progress: { done: 1, total: 3 },
      result: null,
      at: at(2),
    });
    const other = await db.reopen();
    // Four minutes after its last report: still held.
    expect(await other.importJobs.claim(planned.token, claimAt(6, "b"))).toBeNull();
    // Six minutes after: stale; of two takeovers at once, one wins.
    const takeovers = await Promise.all([
      other.importJobs.claim(planned.token, claimAt(8, "b")),
      db.store.importJobs.claim(planned.token, claimAt(8, "c")),
    ]);
    expect(takeovers.filter((r) => r !== null)).toHaveLength(1);
    const owner = takeovers.find((r) => r !== null)!.claim!.owner;
    expect(
      await db.store.importJobs.update(planned.token, "dead", {
        status: "failed",
        progress: { done: 1, total: 3 },
        result: null,
        at: at(9),
      }),
    ).toBe(false);
    expect(await other.importJobs.get(planned.token)).toMatchObject({
      status: "running",
      progress: { done: 1, total: 3 },
      claim: { owner, at: at(8) },
    });
    expect(
      await other.importJobs.update(planned.token, owner, {
        status: "done",
        progress: { done: 3, total: 3 },
        result: null,
        at: at(9),
      }),
    ).toBe(true);
  });

  it("an update for a job that does not exist or was never claimed changes nothing", async () => {
    const planned = job();
    await db.store.importJobs.create(planned, "x");
    expect(
      await db.store.importJobs.update(planned.token, "nobody", {
        status: "done",
        progress: { done: 1, total: 1 },
        result: null,
        at: at(1),
      }),
    ).toBe(false);
    expect(await db.store.importJobs.get(planned.token)).toEqual(planned);
    expect(
      await db.store.importJobs.update("f".repeat(32), "nobody", {
        status: "done",
        progress: { done: 1, total: 1 },
        result: null,
        at: at(1),
      }),
    ).toBe(false);
    expect(await db.store.importJobs.claim("f".repeat(32), claimAt(1, "a"))).toBeNull();
  });

  it("sweeps jobs created before the cut-off, with their files, and keeps the rest", async () => {
    const old = job({ createdAt: at(-8 * 24 * 60), updatedAt: at(-8 * 24 * 60) });
    const oldBig = job({ createdAt: at(-7 * 24 * 60 - 1), updatedAt: at(-7 * 24 * 60 - 1) });
    const recent = job({ createdAt: at(-60), updatedAt: at(-60) });
    await db.store.importJobs.create(old, "old");
    await db.store.importJobs.create(oldBig, "é".repeat(1_500_000));
    await db.store.importJobs.create(recent, "recent");
    const other = await db.reopen();
    expect(await other.importJobs.sweep(at(-7 * 24 * 60))).toBe(2);
    expect(await db.store.importJobs.get(old.token)).toBeNull();
    expect(await db.store.importJobs.csv(oldBig.token)).toBeNull();
    expect(await db.store.importJobs.get(recent.token)).toEqual(recent);
    expect(await db.store.importJobs.csv(recent.token)).toBe("recent");
    expect(await other.importJobs.sweep(at(-7 * 24 * 60))).toBe(0);
  });
});
