import { CATEGORIES, type CategoryId } from "~/lib/categories";
import { ADMIN_PAGE_SIZE, type AdminProductQuery, type AdminSort } from "~/lib/admin-product-query";
import { LOW_STOCK_THRESHOLD } from "~/domain/sellable";
import type { Product, ProductImage, ProductStatus } from "~/domain/product";
import type { CatalogueChange, ChangeCursor } from "~/server/store/port";

// The back office's in-process list of every product, whatever its status (the storefront's
// index holds active ones only). It follows the store's change feed like the storefront index,
// so listing, filtering, sorting and paging 100,000 products never scans the database, on
// either backend. A row is a few numbers and short strings; SKUs are one joined string.

export interface AdminProductRow {
  id: string;
  slug: string;
  name: string;
  category: CategoryId;
  status: ProductStatus;
  priceMinor: number;
  compareAtMinor: number | null;
  featured: boolean;
  image: ProductImage | null;
  /** Units in stock over every size and colour. */
  units: number;
  /** Size×colour cells with 1–3 units left. */
  lowCells: number;
  variantCount: number;
  updatedAt: string;
}

interface Entry {
  row: AdminProductRow;
  /** Lower-case name, slug and SKUs, one a line, for substring search (and the SKU owners). */
  haystack: string;
}

export interface AdminListResult {
  items: AdminProductRow[];
  total: number;
  page: number;
  pageCount: number;
}

export interface CategoryStock {
  category: CategoryId;
  byStatus: Record<ProductStatus, number>;
  units: number;
}

const byName = (a: Entry, b: Entry) => a.row.name.localeCompare(b.row.name) || a.row.id.localeCompare(b.row.id);
const SORTERS: Record<AdminSort, (a: Entry, b: Entry) => number> = {
  updated: (a, b) =>
    a.row.updatedAt < b.row.updatedAt ? 1 : a.row.updatedAt > b.row.updatedAt ? -1 : a.row.id.localeCompare(b.row.id),
  name: byName,
  "price-asc": (a, b) => a.row.priceMinor - b.row.priceMinor || byName(a, b),
  "price-desc": (a, b) => b.row.priceMinor - a.row.priceMinor || byName(a, b),
  "stock-asc": (a, b) => a.row.units - b.row.units || byName(a, b),
  "stock-desc": (a, b) => b.row.units - a.row.units || byName(a, b),
};

export function rowOf(p: Product): Entry {
  const units = p.variants.reduce((sum, v) => sum + Math.max(0, v.stock), 0);
  const skus = p.variants.map((v) => v.sku);
  return {
    row: {
      id: p.id,
      slug: p.slug,
      name: p.name,
      category: p.category,
      status: p.status,
      priceMinor: p.priceMinor,
      compareAtMinor: p.compareAtMinor,
      featured: p.featured,
      image: p.images[0] ?? null,
      units,
      lowCells: p.variants.filter((v) => v.stock > 0 && v.stock <= LOW_STOCK_THRESHOLD).length,
      variantCount: p.variants.length,
      updatedAt: p.updatedAt,
    },
    haystack: `${p.name.replace(/\n/g, " ")}\n${p.slug}\n${skus.join("\n")}`.toLowerCase(),
  };
}

export class AdminProductIndex {
  /** Where this index stands in the store's change feed. */
  cursor: ChangeCursor | null = null;
  private entries = new Map<string, Entry>();
  private sorted = new Map<AdminSort, Entry[]>();

  get size(): number {
    return this.entries.size;
  }

  applyChanges(changes: CatalogueChange[], cursor: ChangeCursor | null): void {
    for (const change of changes) {
      if (change.kind === "product") this.entries.set(change.product.id, rowOf(change.product));
      else this.entries.delete(change.id);
    }
    this.cursor = cursor;
    if (changes.length) this.sorted.clear();
  }

  private sortedBy(sort: AdminSort): Entry[] {
    let list = this.sorted.get(sort);
    if (!list) {
      list = [...this.entries.values()].sort(SORTERS[sort]);
      this.sorted.set(sort, list);
    }
    return list;
  }

  /** Every row that passes the query's search and filters, in its order (for paging and export). */
  matching(q: Omit<AdminProductQuery, "page">): AdminProductRow[] {
    const needle = q.q.toLowerCase();
    const out: AdminProductRow[] = [];
    for (const { row, haystack } of this.sortedBy(q.sort)) {
      if (q.category && row.category !== q.category) continue;
      if (q.status && row.status !== q.status) continue;
      if (q.stock === "out" && row.units > 0) continue;
      if (q.stock === "in" && row.units === 0) continue;
      if (q.stock === "low" && row.lowCells === 0) continue;
      if (needle && !haystack.includes(needle)) continue;
      out.push(row);
    }
    return out;
  }

  query(q: AdminProductQuery): AdminListResult {
    const all = this.matching(q);
    const pageCount = Math.max(1, Math.ceil(all.length / ADMIN_PAGE_SIZE));
    const page = Math.min(q.page, pageCount);
    return {
      items: all.slice((page - 1) * ADMIN_PAGE_SIZE, page * ADMIN_PAGE_SIZE),
      total: all.length,
      page,
      pageCount,
    };
  }

  /** The product that owns each SKU (imports refuse a SKU another product already uses). */
  skuOwners(): Map<string, string> {
    const owners = new Map<string, string>();
    for (const { row, haystack } of this.entries.values()) {
      const lines = haystack.split("\n");
      for (let i = 2; i < lines.length; i++) if (lines[i]) owners.set(lines[i].toUpperCase(), row.id);
    }
    return owners;
  }

  /** The product that owns each slug (imports check a file's slugs against them in one pass). */
  slugOwners(): Map<string, string> {
    return new Map(Array.from(this.entries.values(), ({ row }) => [row.slug, row.id]));
  }

  categoryOf(id: string): CategoryId | null {
    return this.entries.get(id)?.row.category ?? null;
  }

  /** Products per status and units in stock, per category. */
  categoryStock(): CategoryStock[] {
    const totals = new Map<CategoryId, CategoryStock>(
      CATEGORIES.map((c) => [c.id, { category: c.id, byStatus: { draft: 0, active: 0, archived: 0 }, units: 0 }]),
    );
    for (const { row } of this.entries.values()) {
      const t = totals.get(row.category);
      if (!t) continue;
      t.byStatus[row.status] += 1;
      t.units += row.units;
    }
    return [...totals.values()];
  }
}
