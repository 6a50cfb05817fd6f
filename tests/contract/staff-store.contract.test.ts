import { describe, expect, it } from "vitest";
import type { StaffInvitation, StaffMember } from "~/domain/staff";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

// The staff list and invitations are read by every instance on every back-office request: what
// one instance writes (a role change, a revocation) the next read anywhere sees, and one
// invitation makes one member however many instances accept it at once.

const member = (overrides: Partial<StaffMember> = {}): StaffMember => ({
  uid: "uid-ann",
  email: "ann@example.com",
  role: "support",
  refundLimitMinor: 5000,
  changedBy: "owner@example.com",
  addedAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
  ...overrides,
});

const invitation = (overrides: Partial<StaffInvitation> = {}): StaffInvitation => ({
  tokenHash: "a".repeat(64),
  email: "ann@example.com",
  role: "fulfilment",
  refundLimitMinor: null,
  invitedBy: "owner@example.com",
  createdAt: "2026-11-01T10:00:00.000Z",
  expiresAt: "2026-11-08T10:00:00.000Z",
  acceptedAt: null,
  acceptedBy: null,
  ...overrides,
});

describe.each(STORE_ADAPTERS)("StaffStore contract: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("saves, lists by e-mail, changes and removes members; another instance sees each change", async () => {
    const other = await db.reopen();
    expect(await other.staff.get("uid-ann")).toBeNull();
    await db.store.staff.save(member());
    await db.store.staff.save(
      member({ uid: "uid-bob", email: "bob@example.com", role: "content", refundLimitMinor: null }),
    );
    expect(await other.staff.get("uid-ann")).toEqual(member());
    expect((await other.staff.list()).map((m) => m.email)).toEqual(["ann@example.com", "bob@example.com"]);

    await other.staff.save(member({ role: "manager", refundLimitMinor: null, updatedAt: "2026-11-02T00:00:00.000Z" }));
    expect(await db.store.staff.get("uid-ann")).toMatchObject({ role: "manager", refundLimitMinor: null });

    expect(await db.store.staff.remove("uid-ann")).toBe(true);
    expect(await db.store.staff.remove("uid-ann")).toBe(false);
    expect(await other.staff.get("uid-ann")).toBeNull();
    expect((await other.staff.list()).map((m) => m.uid)).toEqual(["uid-bob"]);
  });

  it("finds an invitation by its token hash and lists invitations newest first", async () => {
    await db.store.staff.invite(invitation());
    await db.store.staff.invite(invitation({ tokenHash: "b".repeat(64), createdAt: "2026-11-02T10:00:00.000Z" }));
    expect(await db.store.staff.invitation("a".repeat(64))).toEqual(invitation());
    expect(await db.store.staff.invitation("c".repeat(64))).toBeNull();
    expect((await db.store.staff.invitations()).map((i) => i.tokenHash)).toEqual(["b".repeat(64), "a".repeat(64)]);
  });

  it("accepts an invitation once, saving the member; later accepts are 'used'", async () => {
    await db.store.staff.invite(invitation());
    const at = "2026-11-03T10:00:00.000Z";
    expect(await db.store.staff.accept("a".repeat(64), member({ role: "fulfilment" }), at)).toBe("accepted");
    expect(await db.store.staff.get("uid-ann")).toMatchObject({ role: "fulfilment" });
    expect(await db.store.staff.invitation("a".repeat(64))).toMatchObject({ acceptedAt: at, acceptedBy: "uid-ann" });
    expect(await db.store.staff.accept("a".repeat(64), member({ uid: "uid-eve", role: "manager" }), at)).toBe("used");
    expect(await db.store.staff.get("uid-eve")).toBeNull();
    expect(await db.store.staff.withdraw("a".repeat(64))).toBe(false);
  });

  it("refuses an expired or unknown invitation, and a withdrawn one is gone", async () => {
    await db.store.staff.invite(invitation());
    expect(await db.store.staff.accept("a".repeat(64), member(), "2026-11-08T10:00:00.000Z")).toBe("expired");
    expect(await db.store.staff.accept("c".repeat(64), member(), "2026-11-02T10:00:00.000Z")).toBe("missing");
    expect(await db.store.staff.get("uid-ann")).toBeNull();
    expect(await db.store.staff.withdraw("a".repeat(64))).toBe(true);
    expect(await db.store.staff.invitation("a".repeat(64))).toBeNull();
  });

  it("of concurrent accepts of one invitation on several instances, exactly one is accepted", async () => {
    await db.store.staff.invite(invitation());
    const stores = [db.store, await db.reopen(), await db.reopen()];
    const outcomes = await Promise.all(
      stores.map((s, i) => s.staff.accept("a".repeat(64), member({ uid: `uid-${i}` }), "2026-11-02T10:00:00.000Z")),
    );
    expect(outcomes.filter((o) => o === "accepted")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "used")).toHaveLength(2);
    expect(await db.store.staff.list()).toHaveLength(1);
  });
});
