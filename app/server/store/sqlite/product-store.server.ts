import type { CategoryId } from "~/lib/categories";
import type { ProductStore } from "../port";
import type { Product, ProductInput, ProductStatus } from "../types";
import type { SqliteDatabase } from "./database.server";

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
  };
}

export function createSqliteProductStore(db: SqliteDatabase): ProductStore {
  const byId = db.prepare<[string], ProductRow>("SELECT * FROM products WHERE id = ?");
  const bySlug = db.prepare<[string], ProductRow>("SELECT * FROM products WHERE slug = ?");
  const changed = db.prepare<[number, number], ProductRow>(
    "SELECT * FROM products WHERE seq > ? ORDER BY seq LIMIT ?",
  );
  const count = db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM products");
  const maxSeq = db.prepare<[], { seq: number }>("SELECT COALESCE(MAX(seq), 0) AS seq FROM products");
  const upsert = db.prepare(`
    INSERT INTO products (id, slug, name, description, category, material, price_minor, compare_at_minor,
      status, featured, colours, sizes, variants, images, created_at, updated_at, seq)
    VALUES (@id, @slug, @name, @description, @category, @material, @price_minor, @compare_at_minor,
      @status, @featured, @colours, @sizes, @variants, @images, @created_at, @updated_at, @seq)
    ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, name = excluded.name,
      description = excluded.description, category = excluded.category, material = excluded.material,
      price_minor = excluded.price_minor, compare_at_minor = excluded.compare_at_minor,
      status = excluded.status, featured = excluded.featured, colours = excluded.colours,
      sizes = excluded.sizes, variants = excluded.variants, images = excluded.images,
      updated_at = excluded.updated_at, seq = excluded.seq`);

  const upsertAll = db.transaction((products: ProductInput[]) => {
    let seq = maxSeq.get()!.seq;
    const now = new Date().toISOString();
    for (const p of products) {
      seq += 1;
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
      });
    }
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
    async changedSince(afterSeq, limit) {
      return changed.all(afterSeq, limit).map(productFromRow);
    },
    async count() {
      return count.get()!.n;
    },
    async upsertMany(products) {
      // IMMEDIATE takes the write lock up front so concurrent writers queue instead of deadlocking.
      upsertAll.immediate(products);
    },
  };
}
