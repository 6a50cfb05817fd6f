import { describe, expect, it } from "vitest";
import type { AuditEntry } from "~/domain/audit";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

let n = 0;
function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  n += 1;
  const at = new Date(Date.UTC(2026, 10, 1, 12, 0, n)).toISOString();
  return {
    id: `${at}-${String(n).padStart(6, "0")}`,
    at,
    actor: "admin@hemline.test",
    entityType: "product",
    entityId: "p1",
    action: "update",
    summary: `Change ${n}`,
    before: { name: "Old", tags: ["a"], price: null },
    after: { name: "New", tags: [], nested: { deep: [1, 2] } },
    ...overrides,
  };
}

describe.each(STORE_ADAPTERS)("AuditStore contract: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("starts empty", async () => {
    expect(await db.store.audit.list({ limit: 10 })).toEqual({ entries: [], nextBefore: null });
  });

  it("returns entries exactly as appended, snapshots included, newest first", async () => {
    const first = entry({ before: null });
    const second = entry({ after: null, action: "delete" });
    await db.store.audit.append(first);
    await db.store.audit.append(second);
    const { entries, nextBefore } = await db.store.audit.list({ limit: 10 });
    expect(entries).toEqual([second, first]);
    expect(nextBefore).toBeNull();
  });

  it("filters by entity type and by entity id", async () => {
    const a = entry({ entityType: "product", entityId: "p1" });
    const b = entry({ entityType: "product", entityId: "p2" });
    const c = entry({ entityType: "post", entityId: "p1" });
    for (const e of [a, b, c]) await db.store.audit.append(e);
    expect((await db.store.audit.list({ entityType: "product", limit: 10 })).entries.map((e) => e.id)).toEqual([
      b.id,
      a.id,
    ]);
    expect(
      (await db.store.audit.list({ entityType: "product", entityId: "p1", limit: 10 })).entries.map((e) => e.id),
    ).toEqual([a.id]);
    expect((await db.store.audit.list({ entityType: "post", limit: 10 })).entries.map((e) => e.id)).toEqual([c.id]);
  });

  it("pages with the nextBefore cursor until the last page", async () => {
    const all = Array.from({ length: 5 }, () => entry());
    for (const e of all) await db.store.audit.append(e);
    const newestFirst = [...all].reverse().map((e) => e.id);
    const page1 = await db.store.audit.list({ entityType: "product", entityId: "p1", limit: 2 });
    expect(page1.entries.map((e) => e.id)).toEqual(newestFirst.slice(0, 2));
    const page2 = await db.store.audit.list({
      entityType: "product",
      entityId: "p1",
      limit: 2,
      before: page1.nextBefore!,
    });
    expect(page2.entries.map((e) => e.id)).toEqual(newestFirst.slice(2, 4));
    const page3 = await db.store.audit.list({
      entityType: "product",
      entityId: "p1",
      limit: 2,
      before: page2.nextBefore!,
    });
    expect(page3.entries.map((e) => e.id)).toEqual(newestFirst.slice(4));
    expect(page3.nextBefore).toBeNull();
  });

  it("refuses to overwrite an entry (append-only)", async () => {
    const e = entry();
    await db.store.audit.append(e);
    await expect(db.store.audit.append({ ...e, summary: "Rewritten" })).rejects.toThrow();
    expect((await db.store.audit.list({ limit: 10 })).entries[0].summary).toBe(e.summary);
  });
});
