import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAdminUsersService } from "~/server/services/accounts/admin-users.server";
import type { Store } from "~/server/store/port";
import type { Profile } from "~/domain/profile";
import { STORE_ADAPTERS } from "../contract/adapters";
import { order } from "../support/order-fixture";

// The users list: profiles with their orders (any status) and spend (sales only), on both backends.

const profile = (uid: string, email: string, createdAt: string, role: Profile["role"] = "user"): Profile => ({
  uid,
  email,
  role,
  displayName: null,
  createdAt,
  updatedAt: createdAt,
});

describe.each(STORE_ADAPTERS)("admin users: $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    ({ store, dispose } = await adapter.create());
    await store.profiles.createIfMissing(profile("u1", "ada@example.com", "2026-11-01T00:00:00.000Z"));
    await store.profiles.createIfMissing(profile("u2", "bea@example.com", "2026-11-02T00:00:00.000Z"));
    await store.profiles.createIfMissing(profile("a1", "boss@example.com", "2026-10-01T00:00:00.000Z", "admin"));
    await store.orders.insertMany([
      order({ userId: "u1", email: "ada@example.com", createdAt: "2026-11-03T00:00:00.000Z" }),
      order({ userId: "u1", email: "ada@example.com", status: "refunded", createdAt: "2026-11-04T00:00:00.000Z" }),
      order({ userId: "u1", email: "ada@example.com", status: "delivered", createdAt: "2026-11-05T00:00:00.000Z" }),
    ]);
  });
  afterEach(async () => {
    await dispose();
  });

  it("lists users newest first with orders and spend, filtered by e-mail and role", async () => {
    const users = createAdminUsersService({ store });
    const all = await users.list({ query: "", role: null, page: 1 });
    expect(all.users.map((u) => [u.profile.uid, u.totals.orders, u.totals.spendMinor])).toEqual([
      ["u2", 0, 0],
      ["u1", 3, 5000],
      ["a1", 0, 0],
    ]);
    expect(all).toMatchObject({ total: 3, page: 1, pageCount: 1 });
    expect((await users.list({ query: "ADA", role: null, page: 1 })).users.map((u) => u.profile.uid)).toEqual(["u1"]);
    expect((await users.list({ query: "", role: "admin", page: 1 })).users.map((u) => u.profile.uid)).toEqual(["a1"]);
  });

  it("shows one user with their orders, newest first; null for nobody", async () => {
    const users = createAdminUsersService({ store });
    const ada = await users.get("u1", 1);
    expect(ada?.totals).toEqual({ orders: 3, spendMinor: 5000, lastOrderAt: "2026-11-05T00:00:00.000Z" });
    expect(ada?.orders.map((o) => o.status)).toEqual(["delivered", "refunded", "paid"]);
    expect(await users.get("ghost", 1)).toBeNull();
  });
});
