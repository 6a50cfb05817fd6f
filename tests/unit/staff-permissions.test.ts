import { describe, expect, it } from "vitest";
import {
  can,
  overRefundLimit,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  type BackOfficeRole,
  type Permission,
} from "~/domain/staff";

// The permission table read against issue 28's words for each role.

const has = (role: BackOfficeRole, ...permissions: Permission[]) =>
  permissions.forEach((p) => expect(can(role, p), `${role} may ${p}`).toBe(true));
const lacks = (role: BackOfficeRole, ...permissions: Permission[]) =>
  permissions.forEach((p) => expect(can(role, p), `${role} may not ${p}`).toBe(false));

describe("the permission table", () => {
  it("gives the owner everything, API keys and webhooks included", () => {
    expect([...ROLE_PERMISSIONS.owner].sort()).toEqual([...PERMISSIONS].sort());
    has("owner", "staff.manage", "apiKeys.manage", "webhooks.manage");
  });

  it("gives a manager everything but staff, API keys and webhooks", () => {
    lacks("manager", "staff.manage", "apiKeys.manage", "webhooks.manage");
    expect(ROLE_PERMISSIONS.manager).toHaveLength(PERMISSIONS.length - 3);
  });

  it("lets fulfilment view, ship, deliver and receive returns, without refunds or prices", () => {
    has("fulfilment", "orders.view", "orders.fulfil");
    lacks(
      "fulfilment",
      "orders.refund",
      "catalogue.manage",
      "catalogue.editTexts",
      "promotions.manage",
      "customers.view",
    );
  });

  it("lets support see customers and orders, add notes and refund, without catalogue changes", () => {
    has("support", "customers.view", "orders.view", "orders.note", "orders.refund");
    lacks("support", "catalogue.manage", "catalogue.editTexts", "orders.fulfil", "promotions.manage");
  });

  it("lets content edit the blog and product texts, not prices, stock or promotions", () => {
    has("content", "blog.manage", "catalogue.editTexts");
    lacks("content", "catalogue.manage", "promotions.manage", "orders.view", "orders.refund");
  });

  it("nobody without a role may anything", () => {
    for (const p of PERMISSIONS) expect(can(null, p)).toBe(false);
  });

  it("limits only support members' refunds, to their own limit (none set: nothing)", () => {
    expect(overRefundLimit("support", 1000, 1000)).toBe(false);
    expect(overRefundLimit("support", 1000, 1001)).toBe(true);
    expect(overRefundLimit("support", null, 1)).toBe(true);
    expect(overRefundLimit("manager", null, 1_000_000)).toBe(false);
    expect(overRefundLimit("owner", 0, 1_000_000)).toBe(false);
  });
});
