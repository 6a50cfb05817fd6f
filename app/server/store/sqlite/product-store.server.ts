import type { CategoryId } from "~/lib/categories";
import { mergeChanges } from "../change-feed";
import { ProductChangedError, ProductSlugTakenError, type ProductStore } from "../port";
import type { Product, ProductInput, ProductStatus } from "~/domain/product";
import { hasOwnPrices, type MarketPrices } from "~/domain/market-own-price";
import type { SqliteDatabase } from "./database.server";
import { productWrittenEvents } from "~/domain/outbox";
import { outboxWriter } from "./webhook-store.server";

export interface ProductRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string;
  material: string;
  price_minor: number;
  compare_at_minor: number | null;
  status: string;
  featured: number;
  colours: string;
  sizes: string;
  variants: string;
  images: string;
  created_at: string;
  updated_at: string;
  seq: number;
  rating_count: number;
  rating_total: number;
  rating_version: number;
  market_prices: string | null;
}

export function productFromRow(row: ProductRow): Product {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: row.category as CategoryId,
    material: row.material,
    priceMinor: row.price_minor,
    compareAtMinor: row.compare_at_minor,
    status: row.status as ProductStatus,
    featured: row.featured === 1,
    colours: JSON.parse(row.colours),
    sizes: JSON.parse(row.sizes),
    variants: JSON.parse(row.variants),
    images: JSON.parse(row.images),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    seq: row.seq,
    ...(row.rating_version > 0
      ? { rating: { count: row.rating_count, total: row.rating_total, version: row.rating_version } }
      : {}),
    ...marketPricesOf(row.market_prices),
  };
}

/** A row's own prices in markets: the field only when it has some (products without keep their shape). */
function marketPricesOf(json: string | null | undefined): { marketPrices?: MarketPrices } {
  if (!json) return {};
  const prices = JSON.parse(json) as MarketPrices;
  return hasOwnPrices(prices) ? { marketPrices: prices } : {};
}

/**
 * The catalogue's change counter: the highest seq of a live product or a tombstone. Every writer
 * of products (this store, order stock changes) must take the next seq from here, or a product
 * written after a delete could reuse the tombstone's number and be missed by the indexes.
 */
export const CATALOGUE_SEQ_SQL =
  "SELECT MAX(COALESCE((SELECT MAX(seq) FROM products), 0), COALESCE((SELECT MAX(seq) FROM product_tombstones), 0)) AS seq";

/** Change numbers as feed positions: zero-padded so that they sort as strings. */
const position = (seq: number) => String(seq).padStart(16, "0");

export function createSqliteProductStore(db: SqliteDatabase): ProductStore {
  const byId = db.prepare<[string], ProductRow>("SELECT * FROM products WHERE id = ?");
  const bySlug = db.prepare<[string], ProductRow>("SELECT * FROM products WHERE slug = ?");
  const changed = db.prepare<[number, number], ProductRow>("SELECT * FROM products WHERE seq > ? ORDER BY seq LIMIT ?");
  // The feed's columns only, in the table's own (rowid) order: pages read the file front to back, and
  // a product rewritten keeps its rowid (an upsert updates the row in place), so it comes once.
  const feedRows = db.prepare<
    [number, number],
    { position: number } & Pick<
      ProductRow,
      | "id"
      | "name"
      | "description"
      | "category"
      | "material"
      | "price_minor"
      | "compare_at_minor"
      | "colours"
      | "variants"
      | "images"
      | "market_prices"
    >
  >(
    `SELECT rowid AS position, id, name, description, category, material, price_minor, compare_at_minor,
       colours, variants, images, market_prices
     FROM products WHERE status = 'active' AND rowid > ? ORDER BY rowid LIMIT ?`,
  );
  const count = db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM products");
  const maxSeq = db.prepare<[], { seq: number }>(CATALOGUE_SEQ_SQL);
  const slugOwner = db.prepare<[string], { id: string }>("SELECT id FROM products WHERE slug = ?");
  const remove = db.prepare<[string]>("DELETE FROM products WHERE id = ?");
  const tombstone = db.prepare<[string, number]>(
    "INSERT INTO product_tombstones (id, seq) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET seq = excluded.seq",
  );
  const clearTombstone = db.prepare<[string]>("DELETE FROM product_tombstones WHERE id = ?");
  const deleted = db.prepare<[number, number], { id: string; seq: number }>(
    "SELECT id, seq FROM product_tombstones WHERE seq > ? ORDER BY seq LIMIT ?",
  );
  const upsert = db.prepare(`
    INSERT INTO products (id, slug, name, description, category, material, price_minor, compare_at_minor,
      status, featured, colours, sizes, variants, images, created_at, updated_at, seq, market_prices)
    VALUES (@id, @slug, @name, @description, @category, @material, @price_minor, @compare_at_minor,
      @status, @featured, @colours, @sizes, @variants, @images, @created_at, @updated_at, @seq, @market_prices)
    ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, name = excluded.name,
      description = excluded.description, category = excluded.category, material = excluded.material,
      price_minor = excluded.price_minor, compare_at_minor = excluded.compare_at_minor,
      status = excluded.status, featured = excluded.featured, colours = excluded.colours,
      sizes = excluded.sizes, variants = excluded.variants, images = excluded.images,
      updated_at = excluded.updated_at, seq = excluded.seq,
      market_prices = COALESCE(excluded.market_prices, products.market_prices)`);

  function write(p: ProductInput, seq: number, now: string) {
    const owner = slugOwner.get(p.slug);
    if (owner && owner.id !== p.id) throw new ProductSlugTakenError(p.slug);
    // A product written again after a delete (same id) is alive: its tombstone must not hide it.
    clearTombstone.run(p.id);
    upsert.run({
      id: p.id,
      slug: p.slug,
      name: p.name,
      description: p.description,
      category: p.category,
      material: p.material,
      price_minor: p.priceMinor,
      compare_at_minor: p.compareAtMinor,
      status: p.status,
      featured: p.featured ? 1 : 0,
      colours: JSON.stringify(p.colours),
      sizes: JSON.stringify(p.sizes),
      variants: JSON.stringify(p.variants),
      images: JSON.stringify(p.images),
      created_at: p.createdAt ?? now,
      updated_at: p.updatedAt ?? now,
      seq,
      // Left out: the stored own prices stay (COALESCE above); {} clears them.
      market_prices: p.marketPrices === undefined ? null : JSON.stringify(p.marketPrices),
    });
  }

  const writeEvents = outboxWriter(db);

  const upsertAll = db.transaction((products: ProductInput[], announce: boolean) => {
    let seq = maxSeq.get()!.seq;
    const now = new Date().toISOString();
    for (const p of products) {
      seq += 1;
      const before = announce ? byId.get(p.id) : undefined;
      write(p, seq, now);
      // The import's events, in its transaction: stock it set is announced even if the process dies now.
      if (announce)
        writeEvents(productWrittenEvents(before && productFromRow(before), productFromRow(byId.get(p.id)!), now));
    }
  });

  const saveOne = db.transaction((p: ProductInput, expectedSeq: number | undefined): Product => {
    const previous = byId.get(p.id);
    if (expectedSeq !== undefined && previous?.seq !== expectedSeq) throw new ProductChangedError(p.id);
    const now = new Date().toISOString();
    // The creation date stays the first one, whatever the caller sends.
    write(
      { ...p, createdAt: previous?.created_at ?? p.createdAt, updatedAt: p.updatedAt ?? now },
      maxSeq.get()!.seq + 1,
      now,
    );
    const saved = productFromRow(byId.get(p.id)!);
    writeEvents(productWrittenEvents(previous && productFromRow(previous), saved, now));
    return saved;
  });

  const writeRating = db.prepare<[number, number, number, number, string, number]>(
    "UPDATE products SET rating_count = ?, rating_total = ?, rating_version = ?, seq = ? WHERE id = ? AND rating_version < ?",
  );
  const setRating = db.transaction(
    (id: string, r: { count: number; total: number; version: number }): boolean =>
      writeRating.run(r.count, r.total, r.version, maxSeq.get()!.seq + 1, id, r.version).changes === 1,
  );

  const deleteOne = db.transaction((id: string): boolean => {
    if (remove.run(id).changes === 0) return false;
    tombstone.run(id, maxSeq.get()!.seq + 1);
    return true;
  });

  return {
    async get(id) {
      const row = byId.get(id);
      return row ? productFromRow(row) : null;
    },
    async getBySlug(slug) {
      const row = bySlug.get(slug);
      return row ? productFromRow(row) : null;
    },
    async changes(cursor, limit) {
      // One machine, one file: a change counter in SQLite costs nothing and orders every write.
      const after = cursor === null ? 0 : Number(cursor);
      return mergeChanges(
        changed.all(after, limit).map((row) => ({ position: position(row.seq), item: productFromRow(row) })),
        deleted.all(after, limit).map((t) => ({ position: position(t.seq), item: t.id })),
        limit,
        cursor,
      );
    },
    async feedPage(after, limit) {
      const rows = feedRows.all(after === null ? 0 : Number(after), limit);
      return {
        products: rows.map((row) => ({
          id: row.id,
          name: row.name,
          description: row.description,
          category: row.category as CategoryId,
          material: row.material,
          priceMinor: row.price_minor,
          compareAtMinor: row.compare_at_minor,
          colours: JSON.parse(row.colours),
          variants: JSON.parse(row.variants),
          images: JSON.parse(row.images),
          ...marketPricesOf(row.market_prices),
        })),
        next: rows.length === limit ? String(rows[rows.length - 1].position) : null,
      };
    },
    async count() {
      return count.get()!.n;
    },
    async upsertMany(products, options = {}) {
      // IMMEDIATE takes the write lock up front so concurrent writers queue instead of deadlocking.
      upsertAll.immediate(products, options.announce ?? false);
    },
    async save(product, options = {}) {
      return saveOne.immediate(product, options.expectedSeq);
    },
    async delete(id) {
      return deleteOne.immediate(id);
    },
    async setRating(id, rating) {
      return setRating.immediate(id, rating);
    },
  };
}
