import crypto from "node:crypto";
import { slugify } from "~/lib/slug";
import { BASE_CURRENCY, minorToInput } from "~/domain/money";
import type { AdminProductQuery } from "~/lib/admin-product-query";
import { cellName, type FieldErrors, type ProductFormDefaults, type ProductFormValues } from "~/lib/product-form";
import { ProductChangedError, ProductSlugTakenError, type Store } from "../../store/port";
import type { Order } from "~/domain/commerce";
import type { Product, ProductInput } from "~/domain/product";
import type { AuditService } from "../audit/audit.server";
import { changedFields } from "../audit/audit.server";
import { AdminProductIndex, type AdminListResult, type AdminProductRow } from "./admin-index.server";
import { categoryReport, salesByCategory, type CategoryReportRow } from "./category-report.server";
import { csvHeader, productCsvLines } from "./product-csv.server";
import { buildVariants, cellStock, giftCardVariants, sharedWeight } from "./variants.server";
import { isGiftCardProduct } from "~/domain/gift-card-product";
import type { MarketPrices } from "~/domain/market-own-price";
import { giftCardAmountsText } from "~/domain/gift-card-amounts-text";

// The back office's product rules on both backends: listing every product, creating and editing
// with a unique slug, and deleting — a product that appears in orders is archived instead, so
// order history keeps pointing at it. Every change is written to the audit log.

const SYNC_BATCH = 5000;

export interface AdminCatalogDeps {
  store: Store;
  audit: AuditService;
  /**
   * How many orders include a product. Wired to store.orders.countWithProduct in
   * context.server.ts; the default (no order store yet) knows of no orders.
   */
  ordersWithProduct?: (productId: string) => Promise<number>;
  /** Orders created in [from, to), for sales per category; absent: the page says sales are not available. */
  ordersBetween?: (from: string, to: string) => Promise<Order[]>;
  syncIntervalMs?: number;
  /** Called after every change, so this process's storefront index catches up on its next read. */
  onChange?: () => void;
  /** Called with a product just saved: its stock may have come back (back-in-stock alerts). */
  onStockWritten?: (productIds: string[]) => Promise<unknown>;
  /** Called with a product an admin just saved (webhooks); its failure never undoes the save. */
  onProductSaved?: (product: Product) => Promise<unknown>;
}

export type SaveProductResult =
  | { success: true; product: Product; created: boolean }
  | { success: false; errors: FieldErrors; forbidden?: true };
/** Fields of a product that are not its texts or images, by what a person calls them. */
const COMMERCE_FIELDS: Array<[label: string, read: (p: ProductInput) => unknown]> = [
  ["its price", (p) => [p.priceMinor, p.compareAtMinor]],
  // Variants compared as a set: the editor builds them size by size, the seed and imports colour by colour.
  [
    "its stock or options",
    (p) => [
      p.sizes,
      p.colours,
      p.variants.map((v) => [v.sku, v.size, v.colour, v.stock, v.weightGrams ?? ""].join("|")).sort(),
    ],
  ],
  ["its status", (p) => [p.status, p.featured]],
  ["its category", (p) => p.category],
  ["its prices in other markets", (p) => p.marketPrices ?? {}],
];

/** Which of the product's commerce fields `input` changes ("its price"…); empty when only texts and images do. */
export function commerceFieldsChanged(existing: ProductInput, input: ProductInput): string[] {
  return COMMERCE_FIELDS.filter(([, read]) => JSON.stringify(read(existing)) !== JSON.stringify(read(input))).map(
    ([label]) => label,
  );
}

export type RemoveProductResult = {
  outcome: "deleted" | "archived" | "missing";
  product: Product | null;
  orders: number;
};

export const STALE_EDIT_MESSAGE =
  "This product was changed by someone else (or an order took stock) since you opened it. Nothing was " +
  "saved: reload the page to see the current version, then make your change again.";

/** The product as the editor shows it: rows keyed by position (c0, s0, …), the grid by row keys. */
export function formDefaultsOf(p: Product): ProductFormDefaults {
  const colours = p.colours.map((c, i) => ({ key: `c${i}`, name: c.name, hex: c.hex }));
  const sizes = p.sizes.map((name, i) => ({ key: `s${i}`, name }));
  const stock: Record<string, string> = {};
  const sku: Record<string, string> = {};
  for (const s of sizes)
    for (const c of colours) {
      const cell = cellStock(p.variants, s.name, c.name);
      stock[cellName(s.key, c.key)] = String(cell?.stock ?? 0);
      if (cell?.sku) sku[cellName(s.key, c.key)] = cell.sku;
    }
  return {
    name: p.name,
    slug: p.slug,
    description: p.description,
    category: p.category,
    material: p.material,
    price: minorToInput(p.priceMinor, BASE_CURRENCY),
    compareAt: minorToInput(p.compareAtMinor, BASE_CURRENCY),
    weight: sharedWeight(p.variants),
    status: p.status,
    featured: p.featured,
    giftCard: isGiftCardProduct(p),
    giftCardAmounts: isGiftCardProduct(p) ? giftCardAmountsText(p.variants) : "",
    colours,
    sizes,
    stock,
    sku,
    images: p.images.map((i) => ({
      url: i.url,
      alt: i.alt,
      width: String(i.width),
      height: String(i.height),
      colour: i.colour ?? "",
    })),
  };
}

/**
 * The own prices a save writes: the editor's (its fields left empty are converted prices, and the
 * entries of markets since deleted go), else the stored ones unchanged (`undefined` when none).
 */
function ownPricesOf(
  sent: Record<string, number | null> | undefined,
  stored: MarketPrices | undefined,
): MarketPrices | undefined {
  if (sent === undefined) return stored;
  const prices: MarketPrices = {};
  for (const [marketId, priceMinor] of Object.entries(sent)) if (priceMinor !== null) prices[marketId] = { priceMinor };
  return prices;
}

export const newProductId = () => `p${crypto.randomBytes(6).toString("hex")}`;

export function createAdminCatalogService(deps: AdminCatalogDeps) {
  const { store, audit } = deps;
  const ordersWithProduct = deps.ordersWithProduct ?? (async () => 0);
  const index = new AdminProductIndex();
  const interval = deps.syncIntervalMs ?? 0;
  let lastSync = -Infinity;
  let syncing: Promise<void> | null = null;

  async function pull() {
    for (;;) {
      const batch = await store.products.changes(index.cursor, SYNC_BATCH);
      index.applyChanges(batch.changes, batch.cursor);
      if (!batch.more) break;
    }
    lastSync = Date.now();
  }

  /** The index, up to date with the store (concurrent callers share one pull). */
  async function sync(force = false): Promise<AdminProductIndex> {
    if (force || Date.now() - lastSync >= interval) {
      syncing ??= pull().finally(() => {
        syncing = null;
      });
      await syncing;
    }
    return index;
  }

  return {
    sync,

    async list(query: AdminProductQuery): Promise<AdminListResult> {
      return (await sync()).query(query);
    },

    /** Every product that passes the list's filters, in its order (CSV export). */
    async matching(query: Omit<AdminProductQuery, "page">): Promise<AdminProductRow[]> {
      return (await sync()).matching(query);
    },

    get: (id: string) => store.products.get(id),

    /**
     * The CSV of every product passing the list's filters, as a stream: products are read in
     * batches of 100, so 100,000 products never sit in memory at once. Own prices in markets
     * not priced at base have a column each (`price_<market id>`).
     */
    async exportCsv(query: Omit<AdminProductQuery, "page">): Promise<ReadableStream<Uint8Array>> {
      const rows = (await sync()).matching(query);
      // A column of own prices per market not priced at base (a store without markets has none).
      const markets = await store.markets.list();
      const encoder = new TextEncoder();
      let at = 0;
      let headerSent = false;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (!headerSent) {
            headerSent = true;
            controller.enqueue(encoder.encode(csvHeader(markets)));
            return;
          }
          if (at >= rows.length) return controller.close();
          const batch = rows.slice(at, at + 100);
          at += batch.length;
          const products = await Promise.all(batch.map((r) => store.products.get(r.id)));
          controller.enqueue(encoder.encode(products.map((p) => (p ? productCsvLines(p, markets) : "")).join("")));
        },
      });
    },

    /** Tell this process's indexes that products changed outside this service (imports). */
    async changed(): Promise<void> {
      await sync(true);
      deps.onChange?.();
    },

    /** What an import checks a file against: who owns each slug and SKU now. */
    async owners(): Promise<{ slugOwners: Map<string, string>; skuOwners: Map<string, string> }> {
      const idx = await sync(true);
      return { slugOwners: idx.slugOwners(), skuOwners: idx.skuOwners() };
    },

    /**
     * Create (no id) or edit a product from validated form values. Field errors for a taken
     * slug; a form error when the product changed since `expectedSeq`. Nothing is written then.
     */
    async save(
      values: ProductFormValues,
      options: {
        actor: string;
        id?: string;
        expectedSeq?: number;
        /** A content editor's save: only the texts and images may change (not price, stock, status…). */
        textsOnly?: boolean;
        /**
         * The product's own prices by market id (decision 0030), as the editor's "Prices in other
         * markets" sent them, validated (null: converted). Absent: the stored ones stay as they are.
         */
        marketPrices?: Record<string, number | null>;
      },
    ): Promise<SaveProductResult> {
      const existing = options.id ? await store.products.get(options.id) : null;
      if (options.id && !existing) return { success: false, errors: { "": ["This product no longer exists."] } };
      const slug = values.slug || slugify(values.name);
      if (!slug)
        return {
          success: false,
          errors: { slug: ["Enter a slug: the name has no letters or digits to make one from."] },
        };
      const input: ProductInput = {
        id: existing?.id ?? newProductId(),
        slug,
        name: values.name,
        description: values.description,
        category: values.category as Product["category"],
        material: values.material,
        priceMinor: values.price!,
        compareAtMinor: values.compareAt,
        status: values.status,
        featured: values.featured,
        colours: values.colours,
        sizes: values.sizes,
        variants: values.giftCard
          ? giftCardVariants(slug, values, existing?.variants ?? [])
          : buildVariants(
              slug,
              values.sizes,
              values.colours,
              values.stock,
              values.sku,
              existing?.variants,
              values.weight,
            ),
        // An untagged image has no colour key at all (Firestore stores no undefined fields).
        images: values.images.map(({ colour, ...image }) => (colour ? { ...image, colour } : image)),
        createdAt: existing?.createdAt,
        // A gift card is sold at its amount, in euros: no own prices (cleared if it had any).
        marketPrices: values.giftCard ? {} : ownPricesOf(options.marketPrices, existing?.marketPrices),
      };
      if (options.textsOnly) {
        const refused = !existing ? ["a new product"] : commerceFieldsChanged(existing, input);
        if (refused.length > 0)
          return {
            success: false,
            forbidden: true,
            errors: {
              "": [
                `Your role may change a product's texts and images only, not ${refused.join(", ")}. Nothing was saved.`,
              ],
            },
          };
      }
      let product: Product;
      try {
        product = await store.products.save(
          input,
          existing ? { expectedSeq: options.expectedSeq ?? existing.seq } : {},
        );
      } catch (error) {
        if (error instanceof ProductSlugTakenError)
          return {
            success: false,
            errors: { slug: [`Another product already uses the slug “${slug}”. Choose a different one.`] },
          };
        if (error instanceof ProductChangedError) return { success: false, errors: { "": [STALE_EDIT_MESSAGE] } };
        throw error;
      }
      const fields = changedFields(existing, product);
      await audit.record({
        actor: options.actor,
        entityType: "product",
        entityId: product.id,
        action: existing ? "update" : "create",
        summary: existing
          ? `Edited “${product.name}”${fields.length ? `: ${fields.join(", ")}` : " (no changes)"}`
          : `Created “${product.name}” (${product.status})`,
        before: existing,
        after: product,
      });
      await sync(true);
      deps.onChange?.();
      await deps.onStockWritten?.([product.id]);
      await deps.onProductSaved?.(product).catch((error: unknown) => {
        console.error(`Product ${product.id}: the product.updated event could not be recorded`, error);
      });
      return { success: true, product, created: !existing };
    },

    /** Delete a product; one that appears in orders is archived instead (orders keep their link). */
    async remove(id: string, actor: string): Promise<RemoveProductResult> {
      const product = await store.products.get(id);
      if (!product) return { outcome: "missing", product: null, orders: 0 };
      const orders = await ordersWithProduct(id);
      if (orders > 0) {
        const { seq: _seq, updatedAt: _updatedAt, ...rest } = product;
        const archived = await store.products.save({ ...rest, status: "archived" });
        await audit.record({
          actor,
          entityType: "product",
          entityId: id,
          action: "archive",
          summary: `Archived “${product.name}” instead of deleting it: it appears in ${orders} order${orders === 1 ? "" : "s"}`,
          before: product,
          after: archived,
        });
        await sync(true);
        deps.onChange?.();
        return { outcome: "archived", product: archived, orders };
      }
      await store.products.delete(id);
      await audit.record({
        actor,
        entityType: "product",
        entityId: id,
        action: "delete",
        summary: `Deleted “${product.name}”`,
        before: product,
        after: null,
      });
      await sync(true);
      deps.onChange?.();
      return { outcome: "deleted", product, orders: 0 };
    },

    /** The seven categories with products by status, units in stock and sales over the last `days`. */
    async categoryReport(
      days: number,
      now: Date = new Date(),
    ): Promise<{ rows: CategoryReportRow[]; salesAvailable: boolean }> {
      const idx = await sync();
      let sales = null;
      if (deps.ordersBetween) {
        const from = new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
        const orders = await deps.ordersBetween(from, now.toISOString());
        sales = salesByCategory(orders, (id) => idx.categoryOf(id));
      }
      return { rows: categoryReport(idx.categoryStock(), sales), salesAvailable: sales !== null };
    },
  };
}

export type AdminCatalogService = ReturnType<typeof createAdminCatalogService>;
