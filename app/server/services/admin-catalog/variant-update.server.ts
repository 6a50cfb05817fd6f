import type { Product, ProductInput } from "~/domain/product";
import { PRODUCT_LIMITS } from "~/lib/product-form";
import { ProductChangedError, type Store } from "../../store/port";
import type { AuditService } from "../audit/audit.server";
import { changedFields } from "../audit/audit.server";

// One variant's stock, and its price (Hemline prices per product, so the product's price), as
// the admin API changes them: the editor's rules (whole numbers, a price below the compare-at
// price) and its stale-edit check (the version the caller read must still be the stored one).

export interface VariantChange {
  stock?: number;
  priceMinor?: number;
}

export type VariantUpdateResult =
  | { ok: true; product: Product }
  | { ok: false; status: 400 | 404 | 409; message: string };

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
        summary: `Edited “${product.name}” through the API (${sku})${fields.length ? `: ${fields.join(", ")}` : " (no changes)"}`,
        before: existing,
        after: product,
      });
      await deps.changed();
      if (change.stock !== undefined && change.stock !== variant.stock) await deps.onStockWritten?.([product.id]);
      await deps.onProductChanged?.(product, existing);
      return { ok: true, product };
    },
  };
}

export type VariantUpdateService = ReturnType<typeof createVariantUpdateService>;
