import { isGiftCardProduct } from "~/domain/gift-card-product";
import type { Market } from "~/domain/market";
import { sameOwnPrices, withOwnPrices } from "~/domain/market-own-price";
import type { Product, ProductInput } from "~/domain/product";
import { checkOwnPrices, ownPriceFieldOf } from "~/lib/market-price-fields";
import { PRODUCT_LIMITS } from "~/lib/product-form";
import { ProductChangedError, type Store } from "../../store/port";
import type { AuditService } from "../audit/audit.server";
import { changedFields } from "../audit/audit.server";

// One variant's stock, and its price (Hemline prices per product, so the product's price), as
// the admin API changes them: the editor's rules (whole numbers, a price below the compare-at
// price) and its stale-edit check (the version the caller read must still be the stored one).
// Also a product's own prices in markets (decision 0030), checked by the editor's one rule.

export interface VariantChange {
  stock?: number;
  priceMinor?: number;
}

export type VariantUpdateResult =
  | { ok: true; product: Product }
  | { ok: false; status: 400 | 404 | 409; message: string; errors?: Array<{ field: string; message: string }> };

/** A product's own prices as the API changes them, by market id: a price (minor units; its currency, if named, checked) or null (converted). */
export type MarketPricesChange = Record<string, { priceMinor: number; currency?: string } | null>;

/** What the API answers when the product changed since the caller read it (the editor's message, for a program). */
export const STALE_VERSION_MESSAGE =
  "The product changed since this version was read (an edit, an order taking stock, another call). " +
  "Nothing was saved: read it again and resend with its version.";

export interface VariantUpdateDeps {
  store: Store;
  audit: AuditService;
  /** After a change: this process's indexes catch up (the back office's list, the storefront). */
  changed: () => Promise<unknown>;
  /** After a change of stock: back-in-stock alerts and webhooks. */
  onStockWritten?: (productIds: string[]) => Promise<unknown>;
  /** After any change of the product. */
  onProductChanged?: (product: Product, before: Product) => Promise<unknown>;
}

export function createVariantUpdateService(deps: VariantUpdateDeps) {
  return {
    async update(
      actor: string,
      productId: string,
      sku: string,
      change: VariantChange,
      expectedVersion: number,
    ): Promise<VariantUpdateResult> {
      const existing = await deps.store.products.get(productId);
      const variant = existing?.variants.find((v) => v.sku === sku);
      if (!existing || !variant) return { ok: false, status: 404, message: "There is no such product or variant." };
      if (change.stock !== undefined && (change.stock < 0 || change.stock > PRODUCT_LIMITS.stock))
        return { ok: false, status: 400, message: `Stock is a whole number from 0 to ${PRODUCT_LIMITS.stock}.` };
      const priceMinor = change.priceMinor ?? existing.priceMinor;
      if (existing.compareAtMinor !== null && existing.compareAtMinor <= priceMinor)
        return {
          ok: false,
          status: 400,
          message: "The price must be lower than the product's compare-at price (its former price).",
        };
      const { seq: _seq, rating: _rating, updatedAt: _updatedAt, ...rest } = existing;
      const input: ProductInput = {
        ...rest,
        priceMinor,
        variants: existing.variants.map((v) =>
          v.sku === sku && change.stock !== undefined ? { ...v, stock: change.stock } : v,
        ),
      };
      const saved = await save(actor, existing, input, expectedVersion, ` (${sku})`);
      if (saved.ok && change.stock !== undefined && change.stock !== variant.stock)
        await deps.onStockWritten?.([saved.product.id]);
      if (saved.ok) await deps.onProductChanged?.(saved.product, existing);
      return saved;
    },

    /**
     * Set or clear the product's own prices in `markets` (decision 0030), the others kept: each is
     * checked as the editor checks its fields (`checkOwnPrices`: a market that exists and is not
     * priced at base, a whole number of its minor units above zero), and a currency sent must be
     * the market's. Nothing is written when any is refused (400, each named) or the version is stale.
     */
    async setMarketPrices(
      actor: string,
      productId: string,
      change: MarketPricesChange,
      expectedVersion: number,
      markets: readonly Market[],
    ): Promise<VariantUpdateResult> {
      const existing = await deps.store.products.get(productId);
      if (!existing) return { ok: false, status: 404, message: "There is no such product." };
      const errors: Array<{ field: string; message: string }> = [];
      for (const [marketId, sent] of Object.entries(change)) {
        const found = ownPriceFieldOf(markets, marketId);
        if (found.ok && sent?.currency !== undefined && sent.currency !== found.field.currency)
          errors.push({
            field: `marketPrices.${marketId}.currency`,
            message: `Prices in ${found.field.label} are in ${found.field.currency}, not ${sent.currency.slice(0, 10)}.`,
          });
      }
      const checked = checkOwnPrices(
        markets,
        Object.fromEntries(Object.entries(change).map(([id, sent]) => [id, sent === null ? null : sent.priceMinor])),
      );
      if (!checked.ok)
        errors.unshift(...checked.problems.map((p) => ({ field: `marketPrices.${p.marketId}`, message: p.message })));
      if (checked.ok && isGiftCardProduct(existing) && Object.values(checked.prices).some((p) => p !== null))
        errors.push({
          field: "marketPrices",
          message: "A gift card product is sold at its amounts in each currency: it cannot have prices in markets.",
        });
      if (errors.length > 0 || !checked.ok) return { ok: false, status: 400, message: errors[0]!.message, errors };
      const marketPrices = withOwnPrices(existing.marketPrices, checked.prices);
      if (sameOwnPrices(marketPrices, existing.marketPrices) && existing.seq === expectedVersion)
        return { ok: true, product: existing };
      const { seq: _seq, rating: _rating, updatedAt: _updatedAt, marketPrices: _stored, ...rest } = existing;
      // Absent when it has none and gets none (Firestore stores no undefined fields).
      const input: ProductInput = { ...rest, ...(marketPrices !== undefined ? { marketPrices } : {}) };
      const saved = await save(actor, existing, input, expectedVersion, "");
      if (saved.ok) await deps.onProductChanged?.(saved.product, existing);
      return saved;
    },
  };

  /** Write `input` over `existing` if it is still at `expectedVersion`; audited, the indexes told. */
  async function save(
    actor: string,
    existing: Product,
    input: ProductInput,
    expectedVersion: number,
    what: string,
  ): Promise<VariantUpdateResult> {
    let product: Product;
    try {
      product = await deps.store.products.save(input, { expectedSeq: expectedVersion });
    } catch (error) {
      if (error instanceof ProductChangedError) return { ok: false, status: 409, message: STALE_VERSION_MESSAGE };
      throw error;
    }
    const fields = changedFields(existing, product);
    await deps.audit.record({
      actor,
      entityType: "product",
      entityId: product.id,
      action: "update",
      summary: `Edited “${product.name}” through the API${what}${fields.length ? `: ${fields.join(", ")}` : " (no changes)"}`,
      before: existing,
      after: product,
    });
    await deps.changed();
    return { ok: true, product };
  }
}

export type VariantUpdateService = ReturnType<typeof createVariantUpdateService>;
