import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GIFT_CARD_UNITS, giftCardCurrencyOf, isGiftCardProduct } from "~/domain/gift-card-product";
import { emptyProductForm, productFormSchema, type ProductFormDefaults } from "~/lib/product-form";
import { createAdminCatalogService, formDefaultsOf } from "~/server/services/admin-catalog/admin-catalog.server";
import { createAuditService } from "~/server/services/audit/audit.server";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS } from "../contract/adapters";

// An owner makes a gift card in the product editor on every real store: its amounts become variants
// worth them, never out of stock, weightless; editing the amounts keeps the SKUs of those that stay,
// and the editor shows the amounts again; unticking makes it an ordinary product again.

const values = (overrides: Partial<ProductFormDefaults>) => {
  const form: ProductFormDefaults = {
    ...emptyProductForm(),
    name: "Studio gift card",
    description: "A code by e-mail.",
    category: "accessories",
    status: "active",
    colours: [{ key: "c0", name: "Gift", hex: "#c9a44c" }],
    giftCard: true,
    giftCardAmounts: "25, 50",
    ...overrides,
  };
  const parsed = productFormSchema.safeParse(form);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
};

describe.each(STORE_ADAPTERS)("the product editor's gift cards on $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    ({ store, dispose } = await adapter.create());
  });
  afterEach(async () => {
    await dispose();
  });

  it("saves amounts as variants worth them, keeps SKUs across an edit, and shows the amounts again", async () => {
    const admin = createAdminCatalogService({
      store,
      audit: createAuditService({ store }),
      ordersWithProduct: async () => 0,
    });
    const created = await admin.save(values({}), { actor: "owner@hemline.test" });
    expect(created.success).toBe(true);
    if (!created.success) return;
    const product = (await store.products.get(created.product.id))!;
    expect(isGiftCardProduct(product)).toBe(true);
    expect(product).toMatchObject({ priceMinor: 2500, compareAtMinor: null, sizes: ["€25", "€50"] });
    expect(product.variants.map((v) => [v.size, v.giftCardMinor, v.stock, v.weightGrams])).toEqual([
      ["€25", 2500, GIFT_CARD_UNITS, undefined],
      ["€50", 5000, GIFT_CARD_UNITS, undefined],
    ]);
    expect(formDefaultsOf(product)).toMatchObject({ giftCard: true, giftCardAmounts: "25.00, 50.00" });

    const sku50 = product.variants[1].sku;
    const edited = await admin.save(values({ giftCardAmounts: "50, 100" }), {
      actor: "owner@hemline.test",
      id: product.id,
      expectedSeq: product.seq,
    });
    expect(edited.success).toBe(true);
    const after = (await store.products.get(product.id))!;
    expect(after.variants.map((v) => [v.size, v.giftCardMinor])).toEqual([
      ["€50", 5000],
      ["€100", 10000],
    ]);
    expect(after.variants[0].sku).toBe(sku50);
    expect(after.priceMinor).toBe(5000);

    // Unticked, with sizes and a price: an ordinary product, its variants no longer amounts.
    const plain = await admin.save(
      values({ giftCard: false, price: "19.90", sizes: [{ key: "s0", name: "One size" }], stock: { "s0-c0": "3" } }),
      { actor: "owner@hemline.test", id: product.id, expectedSeq: after.seq },
    );
    expect(plain.success).toBe(true);
    const garment = (await store.products.get(product.id))!;
    expect(isGiftCardProduct(garment)).toBe(false);
    expect(garment.variants).toMatchObject([{ size: "One size", stock: 3 }]);
    expect(garment.variants[0].giftCardMinor).toBeUndefined();
    expect(garment.variants[0].giftCardCurrency).toBeUndefined();
  });

  it("saves amounts per currency, each variant with its currency, and shows them again by currency", async () => {
    const admin = createAdminCatalogService({
      store,
      audit: createAuditService({ store }),
      ordersWithProduct: async () => 0,
    });
    const created = await admin.save(values({ giftCardAmounts: "EUR 25, 50; GBP 25, 50; CHF 30, 50" }), {
      actor: "owner@hemline.test",
    });
    expect(created.success).toBe(true);
    if (!created.success) return;
    const product = (await store.products.get(created.product.id))!;
    expect(product.priceMinor).toBe(2500);
    // A euro amount is stored without a currency, as before currencies (absent reads as EUR).
    expect(
      product.variants.map((v) => [v.size, v.giftCardCurrency ?? null, giftCardCurrencyOf(v), v.giftCardMinor]),
    ).toEqual([
      ["€25", null, "EUR", 2500],
      ["€50", null, "EUR", 5000],
      ["£25", "GBP", "GBP", 2500],
      ["£50", "GBP", "GBP", 5000],
      ["CHF 30", "CHF", "CHF", 3000],
      ["CHF 50", "CHF", "CHF", 5000],
    ]);
    expect(formDefaultsOf(product).giftCardAmounts).toBe("EUR 25.00, 50.00; GBP 25.00, 50.00; CHF 30.00, 50.00");

    // Amounts only in pounds: refused with the reason, nothing saved.
    const refused = productFormSchema.safeParse({ ...emptyProductForm(), giftCard: true, giftCardAmounts: "GBP 25" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.find((i) => i.path[0] === "giftCardAmounts")?.message).toBe(
      "Enter the amounts in EUR too, like EUR 25, 50, 100: listings show the smallest.",
    );
  });
});
