import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "~/server/store/port";
import type { Profile } from "~/server/store/types";
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
