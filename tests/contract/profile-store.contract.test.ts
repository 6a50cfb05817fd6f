import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "~/server/store/port";
import type { Profile } from "~/domain/profile";
import { STORE_ADAPTERS } from "./adapters";

const profile = (overrides: Partial<Profile> = {}): Profile => ({
  uid: "uid-1",
  email: "ada@example.com",
  role: "user",
  displayName: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
  ...overrides,
});

describe.each(STORE_ADAPTERS)("ProfileStore contract: $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    ({ store, dispose } = await adapter.create());
  });
  afterEach(async () => {
    await dispose();
  });

  it("has no profile for an unknown uid", async () => {
    expect(await store.profiles.get("nobody")).toBeNull();
  });

  it("creates a profile with email, role and dates, and reads it back", async () => {
    const created = await store.profiles.createIfMissing(profile({ role: "admin" }));
    expect(created).toEqual(profile({ role: "admin" }));
    expect(await store.profiles.get("uid-1")).toEqual(profile({ role: "admin" }));
  });

  it("never overwrites an existing profile when asked to create it again", async () => {
    await store.profiles.createIfMissing(profile({ role: "admin", displayName: "Ada" }));
    const again = await store.profiles.createIfMissing(profile({ role: "user", email: "other@example.com" }));
    expect(again).toMatchObject({ role: "admin", email: "ada@example.com", displayName: "Ada" });
  });

  it("merges an update and refreshes updatedAt, keeping everything else", async () => {
    await store.profiles.createIfMissing(profile({ role: "admin" }));
    const updated = await store.profiles.update("uid-1", { displayName: "Ada L." }, "2026-11-02T09:00:00.000Z");
    expect(updated).toEqual(profile({ role: "admin", displayName: "Ada L.", updatedAt: "2026-11-02T09:00:00.000Z" }));
    const untouched = await store.profiles.update("uid-1", {}, "2026-11-03T09:00:00.000Z");
    expect(untouched).toMatchObject({ displayName: "Ada L.", updatedAt: "2026-11-03T09:00:00.000Z" });
  });

  it("returns null when updating a profile that does not exist, and creates nothing", async () => {
    expect(await store.profiles.update("ghost", { displayName: "x" }, "2026-11-02T09:00:00.000Z")).toBeNull();
    expect(await store.profiles.get("ghost")).toBeNull();
  });
});

describe.each(STORE_ADAPTERS)("ProfileStore.list contract: $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    ({ store, dispose } = await adapter.create());
    const rows: Array<[string, string, Profile["role"], string]> = [
      ["u1", "ada@example.com", "user", "2026-11-01T10:00:00.000Z"],
      ["u2", "adam@example.com", "user", "2026-11-03T10:00:00.000Z"],
      ["u3", "bea@example.com", "admin", "2026-11-02T10:00:00.000Z"],
      ["u4", "carl@example.com", "user", "2026-11-03T10:00:00.000Z"],
      ["u5", "a_b@example.com", "user", "2026-10-01T10:00:00.000Z"],
    ];
    for (const [uid, email, role, createdAt] of rows)
      await store.profiles.createIfMissing(profile({ uid, email, role, createdAt, updatedAt: createdAt }));
  });
  afterEach(async () => {
    await dispose();
  });

  const uids = (result: { profiles: Profile[] }) => result.profiles.map((p) => p.uid);

  it("lists newest sign-ups first, ties by uid, with the total and pages", async () => {
    const all = await store.profiles.list({ limit: 10, offset: 0 });
    expect(uids(all)).toEqual(["u2", "u4", "u3", "u1", "u5"]);
    expect(all.total).toBe(5);
    expect(all.profiles[0]).toEqual(
      profile({
        uid: "u2",
        email: "adam@example.com",
        createdAt: "2026-11-03T10:00:00.000Z",
        updatedAt: "2026-11-03T10:00:00.000Z",
      }),
    );
    const page2 = await store.profiles.list({ limit: 2, offset: 2 });
    expect(uids(page2)).toEqual(["u3", "u1"]);
    expect(page2.total).toBe(5);
  });

  it("filters by the start of the e-mail (any case, wildcards literal) and by role", async () => {
    const ada = await store.profiles.list({ emailPrefix: "ADA", limit: 10, offset: 0 });
    expect(uids(ada)).toEqual(["u2", "u1"]);
    expect(ada.total).toBe(2);
    expect(uids(await store.profiles.list({ emailPrefix: "a_", limit: 10, offset: 0 }))).toEqual(["u5"]);
    expect(uids(await store.profiles.list({ emailPrefix: "%", limit: 10, offset: 0 }))).toEqual([]);
    const admins = await store.profiles.list({ role: "admin", limit: 10, offset: 0 });
    expect(uids(admins)).toEqual(["u3"]);
    expect(uids(await store.profiles.list({ role: "user", emailPrefix: "ada@", limit: 10, offset: 0 }))).toEqual([
      "u1",
    ]);
  });

  it("filters by sign-up date, from inclusive and to exclusive", async () => {
    const nov = await store.profiles.list({
      from: "2026-11-02T10:00:00.000Z",
      to: "2026-11-03T10:00:00.000Z",
      limit: 10,
      offset: 0,
    });
    expect(uids(nov)).toEqual(["u3"]);
    expect(nov.total).toBe(1);
    expect(
      uids(await store.profiles.list({ emailPrefix: "a", from: "2026-11-01T00:00:00.000Z", limit: 10, offset: 0 })),
    ).toEqual(["u2", "u1"]);
  });
});
