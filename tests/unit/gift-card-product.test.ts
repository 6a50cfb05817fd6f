import { parseWithZod } from "@conform-to/zod";
import { giftCardAmountsText, parseGiftCardAmounts } from "~/domain/gift-card-amounts-text";
import { describe, expect, it } from "vitest";
import {
  giftCardAmountLabel,
  giftCardAmountsIn,
  giftCardAmountsProblem,
  isGiftCardProduct,
  lineLabel,
  sendOnProblem,
  sendsNow,
  unitBaseMinor,
} from "~/domain/gift-card-product";
import { changeStock } from "~/domain/stock";
import { sameCartLines, type CartLine } from "~/domain/commerce";
import { addToCartSchema } from "~/lib/cart-schema";
import { productFormSchema } from "~/lib/product-form";
import { buildSeedGiftCard } from "~/server/seed/gift-card-product.server";
import { orderLineFor } from "~/server/services/checkout/order-line";
import type { Product } from "~/domain/product";

// Gift cards sold as a product: amounts as variants with their own price, nothing taken from stock,
// the recipient's fields checked as the product page's form sends them, and the send date's bounds.

const card: Product = { ...buildSeedGiftCard(), seq: 1, createdAt: "2026-11-01", updatedAt: "2026-11-01" };
const NOW = new Date("2026-11-27T10:00:00Z");
const eur = (...minors: number[]) => minors.map((minor) => ({ currency: "EUR" as const, minor }));
const gbp = (...minors: number[]) => minors.map((minor) => ({ currency: "GBP" as const, minor }));

describe("a gift card's amounts", () => {
  it("are its variants, each its own price; a garment's variants cost the product's price", () => {
    expect(isGiftCardProduct(card)).toBe(true);
    expect(card.sizes).toEqual(["€25", "€50", "€100"]);
    expect(unitBaseMinor(card, "€50", "Gift")).toBe(5000);
    expect(unitBaseMinor(card, "€100", "Gift")).toBe(10000);
    const tee = { priceMinor: 1990, variants: [{ size: "M", colour: "Black", sku: "T", stock: 3 }] };
    expect(isGiftCardProduct(tee)).toBe(false);
    expect(unitBaseMinor(tee, "M", "Black")).toBe(1990);
  });

  it("must be one to ten amounts from €5 to €500, none twice", () => {
    expect(giftCardAmountsProblem(eur(2500, 5000))).toBeNull();
    expect(giftCardAmountsProblem([])).toMatch(/at least one amount/);
    expect(giftCardAmountsProblem(eur(400))).toBe("Each amount in EUR must be from €5 to €500.");
    expect(giftCardAmountsProblem(eur(50_100))).toBe("Each amount in EUR must be from €5 to €500.");
    expect(giftCardAmountsProblem(eur(2500, 2500))).toBe("An amount in EUR is listed twice.");
    expect(giftCardAmountsProblem(eur(...Array.from({ length: 11 }, (_, i) => 1000 + i * 100)))).toMatch(
      /at most 10 amounts in EUR/,
    );
    expect(giftCardAmountLabel(1250)).toBe("€12.50");
  });

  it("are set per currency, each within its own limits, always with euro amounts", () => {
    const chf = (...minors: number[]) => minors.map((minor) => ({ currency: "CHF" as const, minor }));
    const sek = (...minors: number[]) => minors.map((minor) => ({ currency: "SEK" as const, minor }));
    expect(giftCardAmountsProblem([...eur(2500, 5000), ...gbp(2500, 5000), ...chf(3000, 5000)])).toBeNull();
    // The same amount in two currencies is two amounts, not one listed twice.
    expect(giftCardAmountsProblem([...eur(5000), ...gbp(5000)])).toBeNull();
    expect(giftCardAmountsProblem(gbp(2500))).toBe(
      "Enter the amounts in EUR too, like EUR 25, 50, 100: listings show the smallest.",
    );
    expect(giftCardAmountsProblem([...eur(2500), ...gbp(2500, 2500)])).toBe("An amount in GBP is listed twice.");
    expect(giftCardAmountsProblem([...eur(2500), ...gbp(60_000)])).toBe("Each amount in GBP must be from £5 to £500.");
    // Kronor scale: 40 kr is too little for a card, 250 kr is fine.
    expect(giftCardAmountsProblem([...eur(2500), ...sek(4000)])).toBe(
      "Each amount in SEK must be from 50 kr to 5 000 kr.",
    );
    expect(giftCardAmountsProblem([...eur(2500), ...sek(25_000)])).toBeNull();
    expect(giftCardAmountLabel(5000, "GBP")).toBe("£50");
    expect(giftCardAmountLabel(3000, "CHF")).toBe("CHF 30");
  });

  it("are read from the editor's text, a group per currency, and written back the same way", () => {
    expect(parseGiftCardAmounts("25, 50, 100")).toEqual({ amounts: eur(2500, 5000, 10000) });
    expect(parseGiftCardAmounts("EUR 25, 50; gbp: 25 50.50\nCHF 30")).toEqual({
      amounts: [...eur(2500, 5000), ...gbp(2500, 5050), { currency: "CHF", minor: 3000 }],
    });
    expect(parseGiftCardAmounts("XYZ 25")).toEqual({
      problem: "“XYZ” is not a currency this shop sells in: use a code like EUR, GBP or CHF.",
    });
    expect(parseGiftCardAmounts("GBP 25, fifty")).toEqual({
      problem: "“fifty” is not an amount in GBP: write amounts like 25, 50, 100.",
    });
    const variants = [...eur(2500, 5000), ...gbp(2500)].map((a, i) => ({
      size: `s${i}`,
      colour: "Gift",
      sku: "",
      stock: 1,
      giftCardMinor: a.minor,
      giftCardCurrency: a.currency,
    }));
    expect(giftCardAmountsText(variants)).toBe("EUR 25.00, 50.00; GBP 25.00");
    expect(giftCardAmountsText(card.variants)).toBe("25.00, 50.00, 100.00");
  });

  it("a shopper sees only the amounts of their market's currency", () => {
    const product = {
      variants: [...eur(2500), ...gbp(2500, 5000)].map((a) => ({
        size: giftCardAmountLabel(a.minor, a.currency),
        colour: "Gift",
        sku: "",
        stock: 1,
        giftCardMinor: a.minor,
        giftCardCurrency: a.currency,
      })),
    };
    expect(giftCardAmountsIn(product, "GBP")).toEqual([
      { size: "£25", minor: 2500 },
      { size: "£50", minor: 5000 },
    ]);
    expect(giftCardAmountsIn(product, "CHF")).toEqual([]);
    // Old variants without a currency are euros.
    expect(giftCardAmountsIn(card, "EUR").map((a) => a.size)).toEqual(["€25", "€50", "€100"]);
  });

  it("never run out: an order takes nothing from a gift card's stock, and writes no product for it", () => {
    const products = new Map<string, Product | null>([[card.id, card]]);
    const line = { productId: card.id, name: card.name, size: "€50", colour: "Gift", quantity: 10 };
    expect(changeStock(products, [line, line], -1)).toEqual({ updated: [], shortfalls: [] });
    const archived = new Map<string, Product | null>([[card.id, { ...card, status: "archived" }]]);
    expect(changeStock(archived, [line], -1).shortfalls).toHaveLength(1);
  });

  it("become order lines priced at the amount, carrying the recipient's details", () => {
    const details = {
      recipientName: "Ana",
      recipientEmail: "ana@example.com",
      message: "Happy birthday",
      sendOn: null,
    };
    const line = orderLineFor(card, "€50", "Gift", 2, details);
    expect(line).toMatchObject({ unitPriceMinor: 5000, quantity: 2, compareAtMinor: null, giftCard: details });
  });
});

describe("the send date", () => {
  it("is today or a later day, up to a year ahead (UTC days)", () => {
    expect(sendOnProblem("2026-11-27", NOW)).toBeNull();
    expect(sendOnProblem("2027-11-27", NOW)).toBeNull();
    expect(sendOnProblem("2026-11-26", NOW)).toMatch(/cannot be in the past/);
    expect(sendOnProblem("2027-11-28", NOW)).toMatch(/at most a year ahead \(until 2027-11-27\)/);
    expect(sendOnProblem("2026-02-30", NOW)).toMatch(/as a date/);
    expect(sendOnProblem("tomorrow", NOW)).toMatch(/as a date/);
  });

  it("decides whether the code goes out at payment or later", () => {
    expect(sendsNow(null, NOW)).toBe(true);
    expect(sendsNow({ recipientName: null, recipientEmail: null, message: null, sendOn: "2026-11-27" }, NOW)).toBe(
      true,
    );
    expect(sendsNow({ recipientName: null, recipientEmail: null, message: null, sendOn: "2026-12-24" }, NOW)).toBe(
      false,
    );
  });
});

describe("the product page's gift card fields", () => {
  const add = (fields: Record<string, string>) =>
    addToCartSchema.safeParse({ intent: "add", productId: card.id, size: "€50", colour: "Gift", ...fields });

  it("are optional; what is given is trimmed and kept for the line", () => {
    expect(add({}).data?.giftCard).toEqual({ recipientName: null, recipientEmail: null, message: null, sendOn: null });
    expect(
      add({
        recipientName: " Ana ",
        recipientEmail: "ana@example.com",
        message: "Line one\nline two",
        sendOn: "2026-12-24",
      }).data?.giftCard,
    ).toEqual({
      recipientName: "Ana",
      recipientEmail: "ana@example.com",
      message: "Line one\nline two",
      sendOn: "2026-12-24",
    });
  });

  it("refuse a bad e-mail, a long message or name, control characters and a date that is not one", () => {
    const first = (fields: Record<string, string>) => add(fields).error?.issues[0];
    expect(first({ recipientEmail: "ana@" })).toMatchObject({
      path: ["recipientEmail"],
      message: "Enter the recipient's e-mail address, like name@example.com.",
    });
    expect(first({ message: "x".repeat(301) })).toMatchObject({
      path: ["message"],
      message: "Keep the message to 300 characters or fewer.",
    });
    expect(first({ recipientName: "x".repeat(81) })?.path).toEqual(["recipientName"]);
    expect(first({ message: "bell\u0007" })?.path).toEqual(["message"]);
    expect(first({ sendOn: "24/12/2026" })).toMatchObject({ path: ["sendOn"] });
  });

  it("make different lines for different recipients of the same amount", () => {
    const line = (email: string): CartLine => ({
      productId: card.id,
      size: "€50",
      colour: "Gift",
      quantity: 1,
      addedAt: "",
      giftCard: { recipientName: null, recipientEmail: email, message: null, sendOn: null },
    });
    expect(sameCartLines([line("a@example.com")], [line("A@example.com")])).toBe(true);
    expect(sameCartLines([line("a@example.com")], [line("b@example.com")])).toBe(false);
  });
});

describe("the product editor's gift card", () => {
  const parse = (overrides: Record<string, string>) => {
    const form = new FormData();
    const base: Record<string, string> = {
      name: "Gift card",
      description: "A code.",
      category: "accessories",
      status: "active",
      "colours[0].key": "c0",
      "colours[0].name": "Gift",
      "colours[0].hex": "#c9a44c",
      giftCard: "on",
    };
    for (const [k, v] of Object.entries({ ...base, ...overrides })) form.set(k, v);
    return parseWithZod(form, { schema: productFormSchema });
  };

  it("turns its amounts into sizes that never run out, priced from the smallest, with no size rows or price", () => {
    const submission = parse({ giftCardAmounts: "50, 25, 100" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      price: 2500,
      giftCardAmounts: eur(5000, 2500, 10000),
      sizes: ["€50", "€25", "€100"],
      weight: null,
    });
    expect(submission.value.stock.flat().every((n) => n === 999_999)).toBe(true);
  });

  it("takes amounts per currency: each a size in its own currency, the price the smallest euro amount", () => {
    const submission = parse({ giftCardAmounts: "EUR 25, 50, 100; GBP 20, 50; CHF 30" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      price: 2500,
      sizes: ["€25", "€50", "€100", "£20", "£50", "CHF 30"],
      giftCardAmounts: [...eur(2500, 5000, 10000), ...gbp(2000, 5000), { currency: "CHF", minor: 3000 }],
    });
    expect(parse({ giftCardAmounts: "GBP 20, 50" }).reply().error?.giftCardAmounts).toEqual([
      "Enter the amounts in EUR too, like EUR 25, 50, 100: listings show the smallest.",
    ]);
  });

  it("refuses no amounts, an amount that is not money, or one out of range, on the amounts field", () => {
    expect(parse({ giftCardAmounts: "" }).reply().error?.giftCardAmounts).toEqual([
      "Enter at least one amount, like 25, 50, 100.",
    ]);
    expect(parse({ giftCardAmounts: "25, abc" }).reply().error?.giftCardAmounts).toEqual([
      "“abc” is not an amount in EUR: write amounts like 25, 50, 100.",
    ]);
    expect(parse({ giftCardAmounts: "1000" }).reply().error?.giftCardAmounts).toEqual([
      "Each amount in EUR must be from €5 to €500.",
    ]);
  });

  it("still asks a garment for its price and sizes", () => {
    const submission = parse({ giftCard: "" });
    expect(submission.reply().error?.price).toEqual(["Enter the price, like 49.90."]);
    expect(submission.reply().error?.sizes).toEqual(["Add at least one size."]);
    // A price that is not money has its own message only, not "enter the price" as well.
    expect(parse({ giftCard: "", price: "12.345" }).reply().error?.price).toEqual([
      "Enter the price in euros: a number of at least 0 with at most 2 decimals, like 49.90.",
    ]);
  });
});

describe("lineLabel", () => {
  it("tells two gift cards of one amount apart by their recipient, and names garments by colour and size", () => {
    const card = { name: "Hemline gift card", colour: "Gift", size: "€50" };
    const details = { recipientName: "Ana", recipientEmail: "ana@example.com", message: null, sendOn: null };
    expect(lineLabel({ ...card, giftCard: details })).toBe("Hemline gift card (€50, for Ana)");
    expect(lineLabel({ ...card, giftCard: { ...details, recipientName: null } })).toBe(
      "Hemline gift card (€50, for ana@example.com)",
    );
    expect(lineLabel({ ...card, giftCard: { ...details, recipientName: null, recipientEmail: null } })).toBe(
      "Hemline gift card (€50)",
    );
    expect(lineLabel({ name: "Linen shirt", colour: "White", size: "M" })).toBe("Linen shirt (White, M)");
  });
});
