import type { DocumentReference, DocumentSnapshot, Firestore, Transaction } from "firebase-admin/firestore";
import {
  sameCartLines,
  withOrderMarket,
  type CartLine,
  type Order,
  type OrderLine,
  type PlaceOrderResult,
  type StockShortfall,
  type TransitionResult,
} from "~/domain/commerce";
import type { OrderStore, StoreFaults } from "../port";
import type { ReviseResult } from "~/domain/refund";
import { changeStock } from "~/domain/stock";
import type { Product } from "~/domain/product";
import { available, availableTransaction, healthProbe } from "./availability.server";
import { redeemInTransaction } from "./gift-card-store.server";
import { productFromDoc, versionFields } from "./product-store.server";
import { isStalePlan, planPromotionUses, readPromotionUses } from "./promotion-store.server";
import { recordTransaction } from "./transaction-stats.server";
import { orderEvents, stockEvents } from "~/domain/outbox";
import { writeOutbox } from "./webhook-store.server";

// orders/{id}: the Order, plus emailLower and productIds for queries.
// orderKeys/{idempotencyKey}: { orderId } — read inside the placement transaction, so the same
// checkout placed twice (even concurrently) commits once; the loser re-reads and gets "duplicate".
// Stock lives in products/{id}.variants. A stock change writes only the products it changes (a new
// version and commit time, which the search index follows) and the order: no shared document, so
// orders for different products never contend, whatever the number of instances (decision 0008).

const ORDERS = "orders";
const KEYS = "orderKeys";
/** Checkouts racing for the same product contend; Firestore retries an aborted transaction this many times. */
const MAX_ATTEMPTS = 60;
/** Placements with a promotion re-plan its usage shard at most this many times (each a fresh read of the shards). */
const MAX_PLANS = 100;

type StoredOrder = Order & { emailLower: string; productIds: string[]; hasReturns?: boolean };

const fromDoc = (data: FirebaseFirestore.DocumentData): Order => {
  const { emailLower: _e, productIds: _p, hasReturns: _r, ...order } = data as StoredOrder;
  // Documents from before markets have no currency fields: they were placed in euros at rate 1.
  return withOrderMarket(order);
};

const toDoc = (order: Order): StoredOrder => ({
  ...order,
  emailLower: order.email.toLowerCase(),
  productIds: [...new Set(order.lines.map((l) => l.productId))],
  // Queried by the back office's returns list; missing on older documents (no returns).
  hasReturns: (order.returns?.length ?? 0) > 0,
});

export function createFirestoreOrderStore(db: Firestore, faults: StoreFaults = {}): OrderStore {
  const orders = db.collection(ORDERS);
  const probe = healthProbe(db);
  const keys = db.collection(KEYS);
  const products = db.collection("products");
  const carts = db.collection("carts");

  /** Reads every product of `lines`; Firestore wants all reads before any write. */
  const productIdsOf = (lines: OrderLine[]) => [...new Set(lines.map((l) => l.productId))];
  const stockOf = (ids: string[], snaps: DocumentSnapshot[]): Map<string, Product | null> =>
    new Map(ids.map((id, i) => [id, snaps[i].exists ? productFromDoc(snaps[i].data()!) : null]));

  async function readStock(tx: Transaction, lines: OrderLine[]): Promise<Map<string, Product | null>> {
    const ids = productIdsOf(lines);
    return stockOf(ids, await tx.getAll(...ids.map((id) => products.doc(id))));
  }

  /**
   * Writes a stock change computed from readStock: the products it wrote (with their new versions),
   * or the shortfalls instead when there are any.
   */
  function writeStock(
    tx: Transaction,
    found: Map<string, Product | null>,
    lines: OrderLine[],
    direction: -1 | 1,
  ): { shortfalls: StockShortfall[]; written: Product[] } {
    const change = changeStock(found, lines, direction);
    if (change.shortfalls.length > 0) return { shortfalls: change.shortfalls, written: [] };
    const now = new Date().toISOString();
    const written: Product[] = [];
    for (const product of change.updated) {
      const version = versionFields(product.seq);
      tx.update(products.doc(product.id), { variants: product.variants, updatedAt: now, ...version });
      written.push({ ...product, seq: version.seq, updatedAt: now });
    }
    return { shortfalls: [], written };
  }

  /** The change's webhook events, written in its transaction. */
  const announce = (tx: Transaction, before: Order | null, after: Order, written: readonly Product[]) => {
    const at = new Date().toISOString();
    writeOutbox(db, tx, [...orderEvents(before, after, at), ...stockEvents(written, at)]);
  };

  return {
    async place(order, { cartId, cartLines, promotionUses = [], giftCardRedemption = null }) {
      const keyRef = keys.doc(order.idempotencyKey);
      // A promotion's usage shard that changed before the commit: plan again (each round reads the shards afresh).
      // Bounded, so an "already exists" from anything else (the order's own document) cannot loop for ever.
      for (let round = 1; ; round++) {
        const plan = await planPromotionUses(db, probe, promotionUses);
        let attempts = 0;
        const result = await availableTransaction(probe, () =>
          db.runTransaction<PlaceOrderResult>(
            async (tx) => {
              attempts += 1;
              // The idempotency key, the cart and the stock in one read (one round trip, not three).
              const ids = productIdsOf(order.lines);
              const [keySnap, ...rest] = await tx.getAll(
                keyRef,
                ...(cartId ? [carts.doc(cartId)] : []),
                ...ids.map((id) => products.doc(id)),
              );
              const cart = cartId ? rest.shift()! : null;
              if (keySnap.exists) {
                const existing = await tx.get(orders.doc(keySnap.data()!.orderId as string));
                if (existing.exists) return { kind: "duplicate", order: fromDoc(existing.data()!) };
              }
              if (cart) {
                // Read in this transaction: a cart posted from ten tabs becomes one order.
                const lines = (cart.get("lines") as CartLine[] | undefined) ?? [];
                if (lines.length === 0) return { kind: "cart-empty" };
                if (cartLines && !sameCartLines(lines, cartLines)) return { kind: "cart-changed" };
              }
              // Read with the other reads (Firestore wants every read before a write).
              const uses = await readPromotionUses(db, tx, promotionUses, plan);
              if (uses.usedUp) return { kind: "promotion-used-up", promotionId: uses.usedUp };
              // The card's own document, read in this transaction: two orders paid by one card serialise on it.
              const gift = giftCardRedemption
                ? await redeemInTransaction(
                    db,
                    tx,
                    giftCardRedemption.cardId,
                    giftCardRedemption.amountMinor,
                    order.id,
                    order.createdAt,
                  )
                : null;
              if (gift && !gift.outcome.ok)
                return {
                  kind: "gift-card-refused",
                  reason: gift.outcome.reason,
                  balanceMinor: gift.outcome.balanceMinor,
                };
              const { shortfalls, written } = writeStock(tx, stockOf(ids, rest), order.lines, -1);
              if (shortfalls.length > 0) return { kind: "sold-out", shortfalls };
              uses.write();
              gift?.commit();
              faults.afterStockTaken?.();
              tx.create(orders.doc(order.id), toDoc(order));
              announce(tx, null, order, written);
              tx.set(keyRef, { orderId: order.id });
              if (cartId) tx.delete(carts.doc(cartId));
              return { kind: "placed", order };
            },
            { maxAttempts: MAX_ATTEMPTS },
          ),
        ).catch((error: unknown) => {
          if (promotionUses.length > 0 && isStalePlan(error) && round < MAX_PLANS) return null;
          throw error;
        });
        recordTransaction(attempts);
        if (result) return result;
      }
    },
    async get(id) {
      const snap = await available(() => orders.doc(id).get());
      return snap.exists ? fromDoc(snap.data()!) : null;
    },
    async findByIdempotencyKey(key) {
      const snap = await available(() => keys.doc(key).get());
      return snap.exists ? this.get(snap.data()!.orderId as string) : null;
    },
    async transition(id, change) {
      const ref = orders.doc(id);
      return availableTransaction(probe, () =>
        db.runTransaction<TransitionResult>(
          async (tx) => {
            const snap = await tx.get(ref);
            if (!snap.exists) return { kind: "not-found" };
            const order = fromDoc(snap.data()!);
            if (!change.from.includes(order.status)) return { kind: "conflict", order };
            let written: Product[] = [];
            if (change.stock !== "none") {
              const read = await readStock(tx, order.lines);
              const moved = writeStock(tx, read, order.lines, change.stock === "take" ? -1 : 1);
              if (moved.shortfalls.length > 0) return { kind: "sold-out", order, shortfalls: moved.shortfalls };
              written = moved.written;
            }
            const next: Order = {
              ...order,
              ...change.patch,
              status: change.to,
              history: [...order.history, change.event],
              updatedAt: change.event.at,
            };
            tx.set(ref, toDoc(next));
            announce(tx, order, next, written);
            return { kind: "ok", order: next };
          },
          { maxAttempts: MAX_ATTEMPTS },
        ),
      );
    },
    async revise(id, plan) {
      const ref = orders.doc(id);
      return availableTransaction(probe, () =>
        db.runTransaction<ReviseResult>(
          async (tx) => {
            const snap = await tx.get(ref);
            if (!snap.exists) return { kind: "not-found" };
            const order = fromDoc(snap.data()!);
            const revision = plan(order);
            if (!revision.ok) return { kind: "rejected", order, message: revision.message };
            let written: Product[] = [];
            if (revision.restock.length > 0) {
              const read = await readStock(tx, revision.restock);
              written = writeStock(tx, read, revision.restock, 1).written;
            }
            tx.set(ref, toDoc(revision.order));
            announce(tx, order, revision.order, written);
            return { kind: "ok", order: revision.order };
          },
          { maxAttempts: MAX_ATTEMPTS },
        ),
      );
    },
    async addEvent(id, event) {
      const ref = orders.doc(id);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          if (!snap.exists) return null;
          const order = fromDoc(snap.data()!);
          const next: Order = { ...order, history: [...order.history, event], updatedAt: event.at };
          tx.set(ref, toDoc(next));
          return next;
        }),
      );
    },
    async list(filter) {
      let query: FirebaseFirestore.Query = orders;
      if (filter.status) query = query.where("status", "==", filter.status);
      if (filter.userId) query = query.where("userId", "==", filter.userId);
      if (filter.withReturns) query = query.where("hasReturns", "==", true);
      const q = filter.query?.trim();
      if (q) {
        // An order number or an e-mail; exact matches only (Firestore has no substring search).
        query = q.includes("@")
          ? query.where("emailLower", "==", q.toLowerCase())
          : query.where("number", "==", q.toUpperCase());
      }
      if (filter.from) query = query.where("createdAt", ">=", filter.from);
      if (filter.to) query = query.where("createdAt", "<", filter.to);
      const [count, page] = await available(() =>
        Promise.all([
          query.count().get(),
          query.orderBy("createdAt", "desc").offset(filter.offset).limit(filter.limit).get(),
        ]),
      );
      return { orders: page.docs.map((d) => fromDoc(d.data())), total: count.data().count };
    },
    async createdBetween(from, to) {
      const snap = await available(() =>
        orders.where("createdAt", ">=", from).where("createdAt", "<", to).orderBy("createdAt").get(),
      );
      return snap.docs.map((d) => fromDoc(d.data()));
    },
    async deliveredWithProduct(userId, productId) {
      // One small query (at most one document read), whatever the shopper's history.
      const snap = await available(() =>
        orders
          .where("userId", "==", userId)
          .where("status", "==", "delivered")
          .where("productIds", "array-contains", productId)
          .limit(1)
          .get(),
      );
      return !snap.empty;
    },
    async countWithProduct(productId) {
      const snap = await available(() => orders.where("productIds", "array-contains", productId).count().get());
      return snap.data().count;
    },
    async insertMany(list) {
      // Batches of 250 orders (2 writes each) stay under Firestore's 500 writes per batch.
      for (let i = 0; i < list.length; i += 250) {
        const batch = db.batch();
        for (const order of list.slice(i, i + 250)) {
          batch.set(orders.doc(order.id), toDoc(order));
          batch.set(keys.doc(order.idempotencyKey) as DocumentReference, { orderId: order.id });
        }
        await available(() => batch.commit());
      }
    },
  };
}
