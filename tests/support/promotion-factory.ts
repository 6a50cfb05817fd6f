import crypto from "node:crypto";
import type { Promotion } from "~/domain/promotion";

/** A valid percentage-off code promotion; override what a test needs. */
export function makePromotion(overrides: Partial<Promotion> = {}): Promotion {
  const at = "2026-11-01T00:00:00.000Z";
  return {
    id: crypto.randomUUID(),
    name: "Ten off",
    code: `SAVE${crypto.randomBytes(3).toString("hex").toUpperCase()}`,
    kind: "percentage",
    percentOff: 10,
    amountOffMinor: null,
    minimumSubtotalMinor: null,
    categories: [],
    productIds: [],
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    combinable: true,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}
