import type { Order, OrderStatus } from "~/domain/commerce";
import type { Product } from "~/domain/product";
import type { Profile } from "~/domain/profile";
import type { ChangeCursor, Store } from "~/server/store/port";

// What the admin API reads, page by page. Products follow the catalogue's change feed (in order of
// their last change, so a caller that keeps the last cursor later gets exactly what changed since);
// orders, customers and returns are newest first by position. Orders are never deleted, so an
// order placed while a caller pages can only push others down: it may see one twice, never miss one.

export interface Page<T> {
  items: T[];
  /** Where the next page starts; null on the last page. */
  next: string | null;
}

/** What the admin API's reads page through: the store. */
export interface ApiReadsDeps {
  store: Store;
}

export function createApiReadsService(deps: ApiReadsDeps) {
  const { store } = deps;
  const offsetPage = <T>(items: T[], offset: number, limit: number, total: number): Page<T> => ({
    items,
    next: offset + limit < total ? String(offset + limit) : null,
  });
  const offsetOf = (position: string | null) => {
    const n = position === null ? 0 : Number(position);
    return Number.isSafeInteger(n) && n >= 0 ? n : 0;
  };
  return {
    /** Products (drafts and archived included) in order of last change; `next` continues after the last. */
    async products(position: ChangeCursor | null, limit: number): Promise<Page<Product> & { more: boolean }> {
      const batch = await store.products.changes(position, limit);
      const items = batch.changes.flatMap((c) => (c.kind === "product" ? [c.product] : []));
      return { items, next: batch.cursor, more: batch.more };
    },
    product: (id: string) => store.products.get(id),

    async orders(position: string | null, limit: number, status?: OrderStatus): Promise<Page<Order>> {
      const offset = offsetOf(position);
      const { orders, total } = await store.orders.list({ ...(status ? { status } : {}), limit, offset });
      return offsetPage(orders, offset, limit, total);
    },
    order: (id: string) => store.orders.get(id),

    async customers(position: string | null, limit: number): Promise<Page<Profile>> {
      const offset = offsetOf(position);
      const { profiles, total } = await store.profiles.list({ limit, offset });
      return offsetPage(profiles, offset, limit, total);
    },
    customer: (uid: string) => store.profiles.get(uid),

    /** Orders that have returns, newest first: each with its returns. */
    async ordersWithReturns(position: string | null, limit: number): Promise<Page<Order>> {
      const offset = offsetOf(position);
      const { orders, total } = await store.orders.list({ withReturns: true, limit, offset });
      return offsetPage(orders, offset, limit, total);
    },
  };
}

export type ApiReadsService = ReturnType<typeof createApiReadsService>;
