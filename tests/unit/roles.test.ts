import { describe, expect, it } from "vitest";
import { isAdmin, roleFor, roleOf } from "~/server/services/accounts/roles.server";
import type { Profile } from "~/domain/profile";

const profile = (role: Profile["role"]): Profile => ({
  uid: "u",
  email: "a@b.co",
  role,
  displayName: null,
  createdAt: "",
  updatedAt: "",
});

describe("role determination", () => {
  const admins = ["owner@hemline.shop", "ops@hemline.shop"];
  it("is admin when the e-mail, trimmed and lower-cased, is in the list", () => {
    expect(roleFor("owner@hemline.shop", admins)).toBe("admin");
    expect(roleFor("  Owner@Hemline.SHOP ", admins)).toBe("admin");
  });
  it("is user otherwise, and when the list is empty", () => {
    expect(roleFor("someone@hemline.shop", admins)).toBe("user");
    expect(roleFor("owner@hemline.shop.evil.com", admins)).toBe("user");
    expect(roleFor("owner@hemline.shop", [])).toBe("user");
    expect(roleFor(null, admins)).toBe("user");
  });
  it("defaults to user without a profile; isAdmin only for role admin", () => {
    expect(roleOf(null)).toBe("user");
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(profile("user"))).toBe(false);
    expect(isAdmin(profile("admin"))).toBe(true);
  });
});
