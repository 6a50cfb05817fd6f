import type { DocumentReference, Firestore, Transaction } from "firebase-admin/firestore";
import type { Order, OrderLine, PlaceOrderResult, StockShortfall, TransitionResult } from "../commerce-types";
import type { OrderStore, StoreFaults } from "../port";
import { changeStock } from "../stock";
import type { Product } from "../types";
import { available } from "./availability.server";

// orders/{id}: the Order, plus emailLower and productIds for queries.
// orderKeys/{idempotencyKey}: { orderId } — read inside the placement transaction, so the same
// checkout placed twice (even concurrently) commits once; the loser re-reads and gets "duplicate".
// Stock lives in products/{id}.variants; meta/catalogue.seq is bumped so the search index follows.

const ORDERS = "orders";
const KEYS = "orderKeys";
/** Checkouts racing for the same product contend; Firestore retries an aborted transaction this many times. */
const MAX_ATTEMPTS = 60;

type StoredOrder = Order & { emailLower: string; productIds: string[] };

const fromDoc = (data: FirebaseFirestore.DocumentData): Order => {
  const { emailLower: _e, productIds: _p, ...order } = data as StoredOrder;
  return order;
};

const toDoc = (order: Order): StoredOrder => ({
  ...order,
  emailLower: order.email.toLowerCase(),
  productIds: [...new Set(order.lines.map((l) => l.productId))],
});

/**
 * Runs stock-moving transactions of this process one at a time. They all write the catalogue
 * counter, so concurrent ones only abort each other, and the client's retry backoff (1 s, growing)
 * then turns a busy minute into seconds-long waits. Queued, each commits at the first attempt.
 */
function serialiser() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

export function createFirestoreOrderStore(db: Firestore, faults: StoreFaults = {}): OrderStore {
  const oneAtATime = serialiser();
  const orders = db.collection(ORDERS);
  const keys = db.collection(KEYS);
  const products = db.collection("products");
  const meta = db.collection("meta").doc("catalogue");
  const carts = db.collection("carts");

  /** Reads every product of `lines` and the catalogue counter; Firestore wants all reads before any write. */
  async function readStock(tx: Transaction, lines: OrderLine[]) {
    const ids = [...new Set(lines.map((l) => l.productId))];
    const [metaSnap, ...snaps] = await tx.getAll(meta, ...ids.map((id) => products.doc(id)));
    const found = new Map<string, Product | null>(ids.map((id, i) => [id, snaps[i].exists ? (snaps[i].data() as Product) : null]));
    return { found, seq: (metaSnap.data()?.seq as number | undefined) ?? 0 };
  }

  /** Writes a stock change computed from readStock; returns the shortfalls instead when there are any. */
  function writeStock(tx: Transaction, read: Awaited<ReturnType<typeof readStock>>, lines: OrderLine[], direction: -1 | 1): StockShortfall[] {
    const change = changeStock(read.found, lines, direction);
    if (change.shortfalls.length > 0) return change.shortfalls;
    let seq = read.seq;
    const now = new Date().toISOString();
    for (const product of change.updated) {
      seq += 1;
      tx.update(products.doc(product.id), { variants: product.variants, seq, updatedAt: now });
    }
    if (change.updated.length > 0) tx.set(meta, { seq }, { merge: true });
    return [];
  }

  return {
    async place(order, { cartId }) {
      const keyRef = keys.doc(order.idempotencyKey);
      return oneAtATime(() => db.runTransaction<PlaceOrderResult>(
        async (tx) => {
          const keySnap = await tx.get(keyRef);
          if (keySnap.exists) {
            const existing = await tx.get(orders.doc(keySnap.data()!.orderId as string));
            if (existing.exists) return { kind: "duplicate", order: fromDoc(existing.data()!) };
          }
          const read = await readStock(tx, order.lines);
          const shortfalls = writeStock(tx, read, order.lines, -1);
          if (shortfalls.length > 0) return { kind: "sold-out", shortfalls };
          faults.afterStockTaken?.();
          tx.create(orders.doc(order.id), toDoc(order));
          tx.set(keyRef, { orderId: order.id });
          if (cartId) tx.delete(carts.doc(cartId));
          return { kind: "placed", order };
        },
        { maxAttempts: MAX_ATTEMPTS },
      ));
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
      return oneAtATime(() => db.runTransaction<TransitionResult>(
        async (tx) => {
          const snap = await tx.get(ref);
          if (!snap.exists) return { kind: "not-found" };
          const order = fromDoc(snap.data()!);
          if (!change.from.includes(order.status)) return { kind: "conflict", order };
          if (change.stock !== "none") {
            const read = await readStock(tx, order.lines);
            const shortfalls = writeStock(tx, read, order.lines, change.stock === "take" ? -1 : 1);
            if (shortfalls.length > 0) return { kind: "sold-out", order, shortfalls };
          }
          const next: Order = { ...order, ...change.patch, status: change.to, history: [...order.history, change.event], updatedAt: change.event.at };
          tx.set(ref, toDoc(next));
          return { kind: "ok", order: next };
        },
        { maxAttempts: MAX_ATTEMPTS },
      ));
    },
    async addEvent(id, event) {
      const ref = orders.doc(id);
      return db.runTransaction(async (tx) => {
        const snap = await tx.get(ref);
        if (!snap.exists) return null;
        const order = fromDoc(snap.data()!);
        const next: Order = { ...order, history: [...order.history, event], updatedAt: event.at };
        tx.set(ref, toDoc(next));
        return next;
      });
    },
    async list(filter) {
      let query: FirebaseFirestore.Query = orders;
      if (filter.status) query = query.where("status", "==", filter.status);
      if (filter.userId) query = query.where("userId", "==", filter.userId);
      const q = filter.query?.trim();
      if (q) {
        // An order number or an e-mail; exact matches only (Firestore has no substring search).
        query = q.includes("@") ? query.where("emailLower", "==", q.toLowerCase()) : query.where("number", "==", q.toUpperCase());
      }
      if (filter.from) query = query.where("createdAt", ">=", filter.from);
      if (filter.to) query = query.where("createdAt", "<", filter.to);
      const [count, page] = await available(() =>
        Promise.all([query.count().get(), query.orderBy("createdAt", "desc").offset(filter.offset).limit(filter.limit).get()]),
      );
      return { orders: page.docs.map((d) => fromDoc(d.data())), total: count.data().count };
    },
    async createdBetween(from, to) {
      const snap = await available(() => orders.where("createdAt", ">=", from).where("createdAt", "<", to).orderBy("createdAt").get());
      return snap.docs.map((d) => fromDoc(d.data()));
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
        await batch.commit();
      }
    },
  };
}
