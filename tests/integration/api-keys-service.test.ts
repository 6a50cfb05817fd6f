import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRateLimiter } from "~/server/services/accounts/rate-limit.server";
import { createApiKeysService, hashApiKey } from "~/server/services/api/api-keys.server";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS } from "../contract/adapters";

// API keys on both backends: the secret is shown once and only its SHA-256 is stored; a key is
// rate-limited per key across instances; its last-used time is written at most once a minute.

describe.each(STORE_ADAPTERS)("API keys: $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let reopen: () => Promise<Store>;
  let clock: Date;
  const service = (on: Store, perMinute = 3) =>
    createApiKeysService({
      store: on,
      audit: async () => {},
      limiter: createRateLimiter(on.rateLimits, () => clock.getTime()),
      perMinute,
      clock: () => clock,
    });

  beforeEach(async () => {
    ({ store, dispose, reopen } = await adapter.create());
    clock = new Date("2026-05-01T10:00:00.000Z");
  });
  afterEach(async () => {
    await dispose();
  });

  it("makes a long random key with a recognisable prefix, stored only as its SHA-256", async () => {
    const made = await service(store).create("owner@hemline.test", { name: "Accounting", scopes: ["orders:read"] });
    if (!made.ok) throw new Error("not made");
    expect(made.secret).toMatch(/^hml_[A-Za-z0-9_-]{43}$/);
    const stored = await store.apiKeys.get(made.key.id);
    expect(stored?.hash).toBe(hashApiKey(made.secret));
    expect(JSON.stringify(stored)).not.toContain(made.secret.slice(4));
    expect(made.key.prefix).toBe(made.secret.slice(0, 12));
  });

  it("refuses a key without a name or permissions, or with a permission that does not exist", async () => {
    const keys = service(store);
    expect(await keys.create("o", { name: " ", scopes: ["orders:read"] })).toMatchObject({
      ok: false,
      errors: { name: expect.any(String) },
    });
    expect(await keys.create("o", { name: "x", scopes: [] })).toMatchObject({
      ok: false,
      errors: { scopes: expect.any(String) },
    });
    expect(await keys.create("o", { name: "x", scopes: ["admin:all"] })).toMatchObject({
      ok: false,
      errors: { scopes: expect.any(String) },
    });
    expect(await store.apiKeys.list()).toEqual([]);
  });

  it("limits requests per key across two instances, and lets the key in again after the minute", async () => {
    const one = service(store);
    const made = await one.create("o", { name: "Sync", scopes: ["products:read"] });
    if (!made.ok) throw new Error("not made");
    const two = service(await reopen());
    const header = `Bearer ${made.secret}`;
    const results = [await one.authenticate(header), await two.authenticate(header), await one.authenticate(header)];
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await two.authenticate(header)).toMatchObject({ ok: false, reason: "rate-limited", retryAfterSeconds: 60 });
    // Another key has its own allowance.
    const other = await one.create("o", { name: "Other", scopes: ["products:read"] });
    if (!other.ok) throw new Error("not made");
    expect((await one.authenticate(`Bearer ${other.secret}`)).ok).toBe(true);
    clock = new Date(clock.getTime() + 61_000);
    expect((await two.authenticate(header)).ok).toBe(true);
  });

  it("writes the last-used time on first use and then at most once a minute", async () => {
    const keys = service(store, 100);
    const made = await keys.create("o", { name: "Sync", scopes: ["products:read"] });
    if (!made.ok) throw new Error("not made");
    expect((await store.apiKeys.get(made.key.id))?.lastUsedAt).toBeNull();
    const first = clock.toISOString();
    await keys.authenticate(`Bearer ${made.secret}`);
    expect((await store.apiKeys.get(made.key.id))?.lastUsedAt).toBe(first);
    clock = new Date(clock.getTime() + 30_000);
    await keys.authenticate(`Bearer ${made.secret}`);
    expect((await store.apiKeys.get(made.key.id))?.lastUsedAt).toBe(first);
    clock = new Date(clock.getTime() + 31_000);
    await keys.authenticate(`Bearer ${made.secret}`);
    expect((await store.apiKeys.get(made.key.id))?.lastUsedAt).toBe(clock.toISOString());
  });

  it("refuses a revoked key, and says a missing or malformed header apart", async () => {
    const keys = service(store);
    const made = await keys.create("o", { name: "Old", scopes: ["products:read"] });
    if (!made.ok) throw new Error("not made");
    expect(await keys.revoke("o", made.key.id)).toEqual({ ok: true, name: "Old" });
    expect(await keys.authenticate(`Bearer ${made.secret}`)).toEqual({ ok: false, reason: "revoked" });
    expect(await keys.authenticate(null)).toEqual({ ok: false, reason: "missing" });
    expect(await keys.authenticate(`Basic ${made.secret}`)).toEqual({ ok: false, reason: "malformed" });
    expect(await keys.authenticate("Bearer hml_unknown")).toEqual({ ok: false, reason: "unknown" });
  });
});
