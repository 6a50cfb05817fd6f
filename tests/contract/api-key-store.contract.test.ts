import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ApiKey } from "~/domain/api-key";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

// API keys are shared by every instance: a key made on one is found by its hash on another;
// revoking is once; the last-used time is written at most once per interval however many
// requests race on however many instances.

const T0 = "2026-03-01T10:00:00.000Z";
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();

function key(overrides: Partial<ApiKey> = {}): ApiKey {
  const id = crypto.randomBytes(8).toString("hex");
  return {
    id,
    name: `Key ${id}`,
    prefix: "hml_abcd1234",
    hash: crypto.randomBytes(32).toString("hex"),
    scopes: ["products:read", "orders:write"],
    createdAt: T0,
    createdBy: "owner@hemline.test",
    revokedAt: null,
    lastUsedAt: null,
    ...overrides,
  };
}

describe.each(STORE_ADAPTERS)("ApiKeyStore contract: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("stores a key, finds it by id and by hash on another instance, and lists newest first", async () => {
    const older = key({ createdAt: at(0) });
    const newer = key({ createdAt: at(60), scopes: ["customers:read"] });
    await db.store.apiKeys.create(older);
    await db.store.apiKeys.create(newer);
    const other = await db.reopen();
    expect(await other.apiKeys.get(older.id)).toEqual(older);
    expect(await other.apiKeys.findByHash(newer.hash)).toEqual(newer);
    expect(await other.apiKeys.findByHash("0".repeat(64))).toBeNull();
    expect(await other.apiKeys.get("missing")).toBeNull();
    expect((await other.apiKeys.list()).map((k) => k.id)).toEqual([newer.id, older.id]);
  });

  it("revokes once; a revoked key is still found, marked", async () => {
    const made = key();
    await db.store.apiKeys.create(made);
    expect(await db.store.apiKeys.revoke(made.id, at(5))).toBe(true);
    expect(await db.store.apiKeys.revoke(made.id, at(6))).toBe(false);
    expect(await db.store.apiKeys.revoke("missing", at(6))).toBe(false);
    expect(await db.store.apiKeys.findByHash(made.hash)).toMatchObject({ id: made.id, revokedAt: at(5) });
  });

  it("writes the last-used time at most once per interval, of concurrent touches on two instances", async () => {
    const made = key();
    await db.store.apiKeys.create(made);
    const other = await db.reopen();
    const touches = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? other : db.store).apiKeys.touch(made.id, at(10), new Date(Date.parse(at(10)) - 60_000).toISOString()),
      ),
    );
    expect(touches.filter(Boolean)).toHaveLength(1);
    expect((await db.store.apiKeys.get(made.id))?.lastUsedAt).toBe(at(10));
    // Within the minute: nothing written; after it: written again.
    expect(await db.store.apiKeys.touch(made.id, at(40), at(-20))).toBe(false);
    expect(await db.store.apiKeys.touch(made.id, at(71), at(11))).toBe(true);
    expect((await db.store.apiKeys.get(made.id))?.lastUsedAt).toBe(at(71));
    expect(await db.store.apiKeys.touch("missing", at(71), at(11))).toBe(false);
  });
});
