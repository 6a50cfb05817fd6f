import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestCardProcessor } from "~/server/payments/test-card-processor.server";
import { passesLuhn } from "~/server/payments/test-cards";
import type { Store } from "~/server/store/port";
import { createSqliteStore } from "~/server/store/sqlite/store.server";
import { makeTempDir } from "../support/temp-dir";

// The built-in processor answers Stripe's test numbers as Stripe's test mode does. Its
// idempotency keys live in the store (here SQLite; tests/contract/payment-key-store covers both).
let temp: ReturnType<typeof makeTempDir>;
let store: Store;
beforeEach(() => {
  temp = makeTempDir();
  store = createSqliteStore(temp.dir);
});
afterEach(async () => {
  await store.close();
  temp.remove();
});

const card = (number: string, overrides: { expMonth?: number; expYear?: number } = {}) => ({
  number,
  expMonth: overrides.expMonth ?? 12,
  expYear: overrides.expYear ?? 2099,
  cvc: "123",
});
const charge = (number: string, overrides: { expMonth?: number; expYear?: number; key?: string } = {}) =>
  createTestCardProcessor({ keys: store.paymentKeys }).charge({
    amountMinor: 1000,
    currency: "EUR",
    card: card(number, overrides),
    description: "test",
    idempotencyKey: overrides.key ?? crypto.randomUUID(),
  });

describe("test card processor", () => {
  it.each([
    ["4242424242424242", { ok: true, brand: "Visa", last4: "4242" }],
    ["5555555555554444", { ok: true, brand: "Mastercard", last4: "4444" }],
    ["4000000000000002", { ok: false, code: "card_declined", message: "Your card was declined.", last4: "0002" }],
    [
      "4000000000009995",
      { ok: false, code: "insufficient_funds", message: "Your card has insufficient funds.", last4: "9995" },
    ],
    ["4000000000000069", { ok: false, code: "expired_card", message: "Your card has expired." }],
    ["4000000000000127", { ok: false, code: "incorrect_cvc", message: "Your card's security code is incorrect." }],
    ["4242424242424241", { ok: false, code: "incorrect_number", message: "Your card number is incorrect." }],
    ["4111111111111111", { ok: false, code: "card_declined" }],
  ])("%s → %o", async (number, expected) => {
    expect(await charge(number)).toMatchObject(expected);
  });

  it("declines a card whose expiry has passed, and gives a reference only on success", async () => {
    expect(await charge("4242424242424242", { expMonth: 1, expYear: 2020 })).toMatchObject({
      ok: false,
      code: "expired_card",
    });
    const ok = await charge("4242424242424242");
    expect(ok.ok && ok.reference).toMatch(/^tc_[0-9a-f]{24}$/);
  });

  it("answers the same idempotency key the same way", async () => {
    const processor = createTestCardProcessor({ keys: store.paymentKeys });
    const input = {
      amountMinor: 500,
      currency: "EUR",
      card: card("4242424242424242"),
      description: "x",
      idempotencyKey: "k1",
    };
    const first = await processor.charge(input);
    expect(await processor.charge({ ...input, card: card("4000000000000002") })).toEqual(first);
  });

  it("two processors on one store (two server instances) answer a repeated key with the first answer", async () => {
    const other = createSqliteStore(temp.dir);
    try {
      const a = createTestCardProcessor({ keys: store.paymentKeys });
      const b = createTestCardProcessor({ keys: other.paymentKeys });
      const input = {
        amountMinor: 500,
        currency: "EUR",
        card: card("4242424242424242"),
        description: "x",
        idempotencyKey: "order-1:1",
      };
      const first = await a.charge(input);
      expect(first).toMatchObject({ ok: true });
      // The second instance would decline this card, but the key was answered already: same charge.
      expect(await b.charge({ ...input, card: card("4000000000000002") })).toEqual(first);
      expect(await b.charge({ ...input, idempotencyKey: "order-1:2" })).not.toEqual(first);
    } finally {
      await other.close();
    }
  });

  it("forgets a key after its window, as Stripe does after 24 hours", async () => {
    const input = {
      amountMinor: 500,
      currency: "EUR",
      card: card("4000000000000002"),
      description: "x",
      idempotencyKey: "k-old",
    };
    const declined = await createTestCardProcessor({ keys: store.paymentKeys }).charge(input);
    const dayLater = createTestCardProcessor({
      keys: store.paymentKeys,
      clock: () => Date.now() + 25 * 60 * 60 * 1000,
    });
    expect(declined).toMatchObject({ ok: false });
    expect(await dayLater.charge({ ...input, card: card("4242424242424242") })).toMatchObject({ ok: true });
  });

  it("checks the Luhn digit", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4242424242424243")).toBe(false);
    expect(passesLuhn("42424242")).toBe(false);
  });
});
