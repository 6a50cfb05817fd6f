import {
  sameCartLines,
  withOrderMarket,
  type CartLine,
  type Order,
  type OrderLine,
  type PlaceOrderResult,
  type StockShortfall,
} from "~/domain/commerce";
import type { PromotionUseClaim } from "~/domain/promotion";
import type { OrderStore, StoreFaults } from "../port";
import type { OrderRevision, ReviseResult } from "~/domain/refund";
import { changeStock } from "~/domain/stock";
import type { Product } from "~/domain/product";
import { giftCardStatements } from "./gift-card-store.server";
import type { SqliteDatabase } from "./database.server";
import { pagedSelect } from "./paged-query.server";
import { promotionUseCounter } from "./promotion-store.server";
import { CATALOGUE_SEQ_SQL, productFromRow, type ProductRow } from "./product-store.server";
import { orderEvents, stockEvents } from "~/domain/outbox";
import { outboxWriter } from "./webhook-store.server";

// Orders on SQLite. Placement and every status change that moves stock run in one
// BEGIN IMMEDIATE transaction: the write lock is taken first, so two checkouts racing for the
// last unit are serialised and the second one sees the stock the first one left.

interface OrderRow {
  data: string;
}

// Orders from before markets lack their currency fields (migration 025 adds them; a file restored
// from an older backup is migrated at start too, but a row is never trusted to have them).
const fromRow = (row: OrderRow): Order => withOrderMarket(JSON.parse(row.data) as Order);

export function createSqliteOrderStore(db: SqliteDatabase, faults: StoreFaults = {}): OrderStore {
  const byId = db.prepare<[string], OrderRow>("SELECT data FROM orders WHERE id = ?");
  const byKey = db.prepare<[string], OrderRow>("SELECT data FROM orders WHERE idempotency_key = ?");
  const productById = db.prepare<[string], ProductRow>("SELECT * FROM products WHERE id = ?");
  // Shared with the product store: a tombstone's seq counts too, so indexes never miss a write.
  const maxSeq = db.prepare<[], { seq: number }>(CATALOGUE_SEQ_SQL);
  const writeStock = db.prepare<[string, number, string, string]>(
    "UPDATE products SET variants = ?, seq = ?, updated_at = ? WHERE id = ?",
  );
  const insert = db.prepare(
    `INSERT INTO orders (id, number, email, user_id, status, total_minor, currency, rate_micros, market_id,
       idempotency_key, created_at, data)
     VALUES (@id, @number, @email, @userId, @status, @totalMinor, @currency, @rateMicros, @marketId,
       @idempotencyKey, @createdAt, @data)`,
  );
  const linkProduct = db.prepare<[string, string]>(
    "INSERT OR IGNORE INTO order_products (order_id, product_id) VALUES (?, ?)",
  );
  const update = db.prepare<[string, string, string]>("UPDATE orders SET status = ?, data = ? WHERE id = ?");
  const deleteCart = db.prepare<[string]>("DELETE FROM carts WHERE id = ?");
  const cartLines = db.prepare<[string], { lines: string }>("SELECT lines FROM carts WHERE id = ?");
  const between = db.prepare<[string, string], OrderRow>(
    "SELECT data FROM orders WHERE created_at >= ? AND created_at < ? ORDER BY created_at",
  );
  // order_products is keyed by product first, so this reads only the orders of that product.
  const deliveredWith = db.prepare<[string, string], { one: number }>(
    "SELECT 1 AS one FROM order_products op JOIN orders o ON o.id = op.order_id WHERE op.product_id = ? AND o.user_id = ? AND o.status = 'delivered' LIMIT 1",
  );
  const promotionUses = promotionUseCounter(db);
  const giftCards = giftCardStatements(db);
  const withProduct = db.prepare<[string], { n: number }>(
    "SELECT COUNT(*) AS n FROM order_products WHERE product_id = ?",
  );
  const writeEvents = outboxWriter(db);
  /** The change's webhook events, written in its transaction (the caller's). */
  const announce = (before: Order | null, after: Order, written: readonly Product[]) => {
    const at = new Date().toISOString();
    writeEvents([...orderEvents(before, after, at), ...stockEvents(written, at)]);
  };

  /**
   * Apply a stock change inside the current transaction: the products it wrote (with their new
   * versions), or the shortfalls (nothing written when any).
   */
  function moveStock(lines: OrderLine[], direction: -1 | 1): { shortfalls: StockShortfall[]; written: Product[] } {
    const products = new Map<string, Product | null>();
    for (const line of lines) {
      if (products.has(line.productId)) continue;
      const row = productById.get(line.productId);
      products.set(line.productId, row ? productFromRow(row) : null);
    }
    const change = changeStock(products, lines, direction);
    if (change.shortfalls.length > 0) return { shortfalls: change.shortfalls, written: [] };
    let seq = maxSeq.get()!.seq;
    const now = new Date().toISOString();
    const written: Product[] = [];
    for (const product of change.updated) {
      seq += 1; // a new change number, so the search index picks up the new stock
      writeStock.run(JSON.stringify(product.variants), seq, now, product.id);
      written.push({ ...product, seq, updatedAt: now });
    }
    return { shortfalls: [], written };
  }

  function write(order: Order) {
    insert.run({
      id: order.id,
      number: order.number,
      email: order.email.toLowerCase(),
      userId: order.userId,
      status: order.status,
      totalMinor: order.totalMinor,
      currency: order.currency,
      rateMicros: order.rateMicros,
      marketId: order.marketId,
      idempotencyKey: order.idempotencyKey,
      createdAt: order.createdAt,
      data: JSON.stringify(order),
    });
    for (const line of order.lines) linkProduct.run(order.id, line.productId);
  }

  const place = db.transaction(
    (
      order: Order,
      cartId: string | null,
      expectedLines: readonly CartLine[] | undefined,
      claims: readonly PromotionUseClaim[],
      giftCard: { cardId: string; amountMinor: number } | null,
    ): PlaceOrderResult => {
      const existing = byKey.get(order.idempotencyKey);
      if (existing) return { kind: "duplicate" as const, order: fromRow(existing) };
      if (cartId) {
        const row = cartLines.get(cartId);
        const lines = row ? (JSON.parse(row.lines) as CartLine[]) : [];
        if (lines.length === 0) return { kind: "cart-empty" };
        if (expectedLines && !sameCartLines(lines, expectedLines)) return { kind: "cart-changed" };
      }
      // Checked before anything is written: a refused placement leaves no trace.
      const usedUp = promotionUses.overLimit(claims);
      if (usedUp) return { kind: "promotion-used-up" as const, promotionId: usedUp };
      if (giftCard) {
        const card = giftCards.get(giftCard.cardId);
        if (!card) return { kind: "gift-card-refused", reason: "not-found", balanceMinor: 0 };
        if (card.status !== "active")
          return { kind: "gift-card-refused", reason: "voided", balanceMinor: card.balanceMinor };
        if (card.balanceMinor < giftCard.amountMinor)
          return { kind: "gift-card-refused", reason: "insufficient-balance", balanceMinor: card.balanceMinor };
      }
      const { shortfalls, written } = moveStock(order.lines, -1);
      if (shortfalls.length > 0) return { kind: "sold-out" as const, shortfalls };
      promotionUses.count(claims);
      // Checked above in this transaction (it holds the write lock): the card pays its part.
      if (giftCard) giftCards.redeem(giftCard.cardId, giftCard.amountMinor, order.id, order.createdAt);
      faults.afterStockTaken?.();
      write(order);
      announce(null, order, written);
      if (cartId) deleteCart.run(cartId);
      return { kind: "placed" as const, order };
    },
  );

  const transition = db.transaction((id: string, change: Parameters<OrderStore["transition"]>[1]) => {
    const row = byId.get(id);
    if (!row) return { kind: "not-found" as const };
    const order = fromRow(row);
    if (!change.from.includes(order.status)) return { kind: "conflict" as const, order };
    let written: Product[] = [];
    if (change.stock !== "none") {
      const moved = moveStock(order.lines, change.stock === "take" ? -1 : 1);
      if (moved.shortfalls.length > 0) return { kind: "sold-out" as const, order, shortfalls: moved.shortfalls };
      written = moved.written;
    }
    const next: Order = {
      ...order,
      ...change.patch,
      status: change.to,
      history: [...order.history, change.event],
      updatedAt: change.event.at,
    };
    update.run(next.status, JSON.stringify(next), id);
    announce(order, next, written);
    return { kind: "ok" as const, order: next };
  });

  const revise = db.transaction((id: string, plan: (order: Order) => OrderRevision): ReviseResult => {
    const row = byId.get(id);
    if (!row) return { kind: "not-found" };
    const order = fromRow(row);
    const revision = plan(order);
    if (!revision.ok) return { kind: "rejected", order, message: revision.message };
    // Releasing never falls short, so the write always follows.
    const { written } = revision.restock.length > 0 ? moveStock(revision.restock, 1) : { written: [] };
    update.run(revision.order.status, JSON.stringify(revision.order), id);
    announce(order, revision.order, written);
    return { kind: "ok", order: revision.order };
  });

  const addEvent = db.transaction((id: string, event: Order["history"][number]) => {
    const row = byId.get(id);
    if (!row) return null;
    const order = fromRow(row);
    const next: Order = { ...order, history: [...order.history, event], updatedAt: event.at };
    update.run(next.status, JSON.stringify(next), id);
    return next;
  });

  const insertMany = db.transaction((orders: Order[]) => {
    for (const order of orders) write(order);
  });

  return {
    async place(order, { cartId, cartLines, promotionUses: claims = [], giftCardRedemption = null }) {
      return place.immediate(order, cartId, cartLines, claims, giftCardRedemption);
    },
    async get(id) {
      const row = byId.get(id);
      return row ? fromRow(row) : null;
    },
    async findByIdempotencyKey(key) {
      const row = byKey.get(key);
      return row ? fromRow(row) : null;
    },
    async transition(id, change) {
      return transition.immediate(id, change);
    },
    async revise(id, plan) {
      return revise.immediate(id, plan);
    },
    async addEvent(id, event) {
      return addEvent.immediate(id, event);
    },
    async list(filter) {
      const where: string[] = [];
      const params: Record<string, string | number> = {};
      if (filter.status) {
        where.push("status = @status");
        params.status = filter.status;
      }
      if (filter.withReturns) where.push("json_array_length(data, '$.returns') > 0");
      if (filter.userId) {
        where.push("user_id = @userId");
        params.userId = filter.userId;
      }
      if (filter.query) {
        where.push("(number = @number OR email = @email)");
        params.number = filter.query.trim().toUpperCase();
        params.email = filter.query.trim().toLowerCase();
      }
      const { rows, total } = pagedSelect<OrderRow>(
        db,
        { columns: "data", table: "orders", orderBy: "created_at DESC, id DESC" },
        { where, params, from: filter.from, to: filter.to, limit: filter.limit, offset: filter.offset },
      );
      return { orders: rows.map(fromRow), total };
    },
    async createdBetween(from, to) {
      return between.all(from, to).map(fromRow);
    },
    async deliveredWithProduct(userId, productId) {
      return deliveredWith.get(productId, userId) !== undefined;
    },
    async countWithProduct(productId) {
      return withProduct.get(productId)!.n;
    },
    async insertMany(orders) {
      insertMany.immediate(orders);
    },
  };
}
