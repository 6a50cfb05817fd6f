import type { Firestore, Query, Timestamp } from "firebase-admin/firestore";
import { firestoreSdk } from "~/server/firebase-sdk.server";
import { mergeChanges } from "../change-feed";
import {
  ProductChangedError,
  ProductSlugTakenError,
  type ChangeCursor,
  type FeedProduct,
  type ProductStore,
} from "../port";
import type { Product, ProductInput } from "~/domain/product";
import { available, availableTransaction, healthProbe } from "./availability.server";
import { productWrittenEvents } from "~/domain/outbox";
import { writeOutbox } from "./webhook-store.server";

// products/{id}: the Product, plus `changedAt`, the server's commit time of its last write.
// productSlugs/{slug}: { productId }, so a slug is unique across products (Firestore has no unique index).
// productTombstones/{id}: { id, seq, changedAt }, left by delete() so the indexes learn of deletions.
//
// The change feed is a query ordered by (changedAt, document id) that resumes after the last
// document read. A write touches only the documents of the products it changes: there is no
// shared counter, so instances and orders never contend on one document (decision 0008).

const PRODUCTS = "products";
const SLUGS = "productSlugs";
const TOMBSTONES = "productTombstones";
/**
 * Each product writes up to 4 documents (product, slug, the old slug's removal, its tombstone's
 * removal); Firestore has long allowed 500 writes in one transaction, so 120 per chunk.
 */
const MAX_PER_TRANSACTION = 120;

/** The fields the product feed reads (feedPage). */
const FEED_FIELDS = [
  "name",
  "description",
  "category",
  "material",
  "priceMinor",
  "compareAtMinor",
  "colours",
  "variants",
  "images",
  "marketPrices",
] as const satisfies readonly (keyof FeedProduct)[];

type StoredProduct = Product & { changedAt?: Timestamp };

/** The rating is the reviews' to write (setRating): whatever a caller sends in its place is dropped… */
function withoutRating<T extends object>(input: T): Omit<T, "rating"> {
  const { rating: _rating, ...rest } = input as T & { rating?: unknown };
  return rest;
}

/**
 * A write that leaves out the own prices in markets keeps the stored ones (imports, archiving);
 * `{}` clears them, and then the field is not stored at all.
 */
function keptMarketPrices(input: ProductInput, previous: Product | undefined): Pick<Product, "marketPrices"> {
  const prices = input.marketPrices === undefined ? previous?.marketPrices : input.marketPrices;
  return prices && Object.keys(prices).length > 0 ? { marketPrices: prices } : {};
}

/** …and the stored one is kept. */
function keptRating(previous: Product | undefined): Pick<Product, "rating"> | Record<string, never> {
  return previous?.rating ? { rating: previous.rating } : {};
}

export function productFromDoc(data: FirebaseFirestore.DocumentData): Product {
  const { changedAt: _changedAt, ...product } = data as StoredProduct;
  return product;
}

/** The fields every write of a product sets besides its content: a new version and the commit time. */
export function versionFields(previousSeq: number) {
  return { seq: previousSeq + 1, changedAt: firestoreSdk().FieldValue.serverTimestamp() };
}

/**
 * A feed position: the commit time (zero-padded seconds and nanoseconds, so positions sort as
 * strings in time order) and the document id, which orders documents written by one commit.
 */
function positionOf(changedAt: Timestamp | undefined, id: string): string {
  const t = changedAt ?? firestoreSdk().Timestamp.fromMillis(0);
  return `${String(t.seconds).padStart(12, "0")}.${String(t.nanoseconds).padStart(9, "0")}|${id}`;
}

function parseCursor(cursor: ChangeCursor): [Timestamp, string] {
  const bar = cursor.indexOf("|");
  const [seconds, nanos] = cursor.slice(0, bar).split(".").map(Number);
  return [new (firestoreSdk().Timestamp)(seconds, nanos), cursor.slice(bar + 1)];
}

export function createFirestoreProductStore(db: Firestore): ProductStore {
  const products = db.collection(PRODUCTS);
  const probe = healthProbe(db);
  const slugs = db.collection(SLUGS);
  const tombstones = db.collection(TOMBSTONES);

  /** Documents of `collection` written after the cursor, in commit order. */
  function after(collection: FirebaseFirestore.CollectionReference, cursor: ChangeCursor | null, limit: number): Query {
    let query = collection.orderBy("changedAt").orderBy(firestoreSdk().FieldPath.documentId());
    if (cursor !== null) query = query.startAfter(...parseCursor(cursor));
    return query.limit(limit);
  }

  async function writeChunk(chunk: ProductInput[], announce: boolean): Promise<void> {
    const inBatch = new Map<string, string>();
    for (const p of chunk) {
      const other = inBatch.get(p.slug);
      if (other && other !== p.id) throw new ProductSlugTakenError(p.slug);
      inBatch.set(p.slug, p.id);
    }
    await availableTransaction(probe, () =>
      db.runTransaction(async (tx) => {
        const [existing, slugSnaps, buried] = await Promise.all([
          tx.getAll(...chunk.map((p) => products.doc(p.id))),
          tx.getAll(...chunk.map((p) => slugs.doc(p.slug))),
          tx.getAll(...chunk.map((p) => tombstones.doc(p.id))),
        ]);
        slugSnaps.forEach((snap, i) => {
          const owner = snap.exists ? (snap.data()?.productId as string) : undefined;
          if (owner && owner !== chunk[i].id) throw new ProductSlugTakenError(chunk[i].slug);
        });
        const now = new Date().toISOString();
        chunk.forEach((p, i) => {
          const previous = existing[i].exists ? productFromDoc(existing[i].data()!) : undefined;
          if (previous && previous.slug !== p.slug) tx.delete(slugs.doc(previous.slug));
          const { marketPrices: _marketPrices, ...input } = withoutRating(p);
          const product = {
            ...input,
            ...keptRating(previous),
            ...keptMarketPrices(p, previous),
            createdAt: p.createdAt ?? previous?.createdAt ?? now,
            updatedAt: p.updatedAt ?? now,
            // A product written again after a delete continues from its tombstone's version.
            ...versionFields(previous?.seq ?? (buried[i].get("seq") as number | undefined) ?? 0),
          };
          tx.set(products.doc(p.id), product);
          tx.set(slugs.doc(p.slug), { productId: p.id });
          if (buried[i].exists) tx.delete(tombstones.doc(p.id));
          // The import's events, in its transaction: stock it set is announced even if the process dies now.
          if (announce) writeOutbox(db, tx, productWrittenEvents(previous, productFromDoc(product), now));
        });
      }),
    );
  }

  return {
    async get(id) {
      const snap = await available(() => products.doc(id).get());
      return snap.exists ? productFromDoc(snap.data()!) : null;
    },
    async getBySlug(slug) {
      const owner = await available(() => slugs.doc(slug).get());
      if (!owner.exists) return null;
      return this.get(owner.data()!.productId as string);
    },
    async changes(cursor, limit) {
      const [written, deleted] = await available(() =>
        Promise.all([after(products, cursor, limit).get(), after(tombstones, cursor, limit).get()]),
      );
      return mergeChanges(
        written.docs.map((d) => ({
          position: positionOf(d.get("changedAt") as Timestamp | undefined, d.id),
          item: productFromDoc(d.data()),
        })),
        deleted.docs.map((d) => ({
          position: positionOf(d.get("changedAt") as Timestamp | undefined, d.id),
          item: d.id,
        })),
        limit,
        cursor,
      );
    },
    async feedPage(after, limit) {
      // A field mask: the documents' other fields (slug, sizes, dates, rating) are not sent.
      let query = products
        .where("status", "==", "active")
        .orderBy(firestoreSdk().FieldPath.documentId())
        .select(...FEED_FIELDS);
      if (after !== null) query = query.startAfter(after);
      const snap = await available(() => query.limit(limit).get());
      return {
        products: snap.docs.map((d) => ({ ...(d.data() as Omit<FeedProduct, "id">), id: d.id })),
        next: snap.size === limit ? snap.docs[snap.size - 1].id : null,
      };
    },
    async count() {
      const snap = await available(() => products.count().get());
      return snap.data().count;
    },
    async save(input, options = {}) {
      const ref = products.doc(input.id);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const [existing, slugSnap, buried] = await tx.getAll(ref, slugs.doc(input.slug), tombstones.doc(input.id));
          const previous = existing.exists ? productFromDoc(existing.data()!) : undefined;
          if (options.expectedSeq !== undefined && previous?.seq !== options.expectedSeq)
            throw new ProductChangedError(input.id);
          const owner = slugSnap.exists ? (slugSnap.data()?.productId as string) : undefined;
          if (owner && owner !== input.id) throw new ProductSlugTakenError(input.slug);
          const now = new Date().toISOString();
          const { marketPrices: _marketPrices, ...fields } = withoutRating(input);
          const product = {
            ...fields,
            ...keptRating(previous),
            ...keptMarketPrices(input, previous),
            createdAt: previous?.createdAt ?? input.createdAt ?? now,
            updatedAt: input.updatedAt ?? now,
            ...versionFields(previous?.seq ?? (buried.get("seq") as number | undefined) ?? 0),
          };
          if (previous && previous.slug !== input.slug) tx.delete(slugs.doc(previous.slug));
          tx.set(ref, product);
          tx.set(slugs.doc(input.slug), { productId: input.id });
          if (buried.exists) tx.delete(tombstones.doc(input.id));
          const saved = productFromDoc(product);
          writeOutbox(db, tx, productWrittenEvents(previous, saved, now));
          return saved;
        }),
      );
    },
    async delete(id) {
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const ref = products.doc(id);
          const snap = await tx.get(ref);
          if (!snap.exists) return false;
          const product = productFromDoc(snap.data()!);
          tx.delete(ref);
          tx.delete(slugs.doc(product.slug));
          tx.set(tombstones.doc(id), { id, ...versionFields(product.seq) });
          return true;
        }),
      );
    },
    async setRating(id, rating) {
      const ref = products.doc(id);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          if (!snap.exists) return false;
          const product = productFromDoc(snap.data()!);
          if ((product.rating?.version ?? 0) >= rating.version) return false;
          tx.update(ref, {
            rating: { count: rating.count, total: rating.total, version: rating.version },
            ...versionFields(product.seq),
          });
          return true;
        }),
      );
    },
    async upsertMany(input, options = {}) {
      // Within one transaction a batch is all or nothing; larger imports go in chunks (half as many
      // products when each also writes its events, to stay within a commit's writes).
      const announce = options.announce ?? false;
      const size = announce ? MAX_PER_TRANSACTION / 2 : MAX_PER_TRANSACTION;
      for (let i = 0; i < input.length; i += size) {
        await writeChunk(input.slice(i, i + size), announce);
      }
    },
  };
}
