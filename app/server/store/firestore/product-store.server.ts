import type { Firestore } from "firebase-admin/firestore";
import { ProductChangedError, ProductSlugTakenError, type ProductStore } from "../port";
import type { Product, ProductInput } from "../types";

// products/{id}: the whole product aggregate, exactly the Product type.
// productSlugs/{slug}: { productId }, so a slug is unique across products (Firestore has no unique index).
// meta/catalogue: { seq }, the change counter that the in-process index follows.
// productTombstones/{id}: { id, seq }, left by delete() so the indexes learn of deletions.

const PRODUCTS = "products";
const SLUGS = "productSlugs";
const META = "meta";
const TOMBSTONES = "productTombstones";
const CATALOGUE_META = "catalogue";
/** Each product writes up to 3 documents; Firestore allows 500 writes in one transaction. */
const MAX_PER_TRANSACTION = 150;

function fromDoc(data: FirebaseFirestore.DocumentData): Product {
  return data as Product;
}

export function createFirestoreProductStore(db: Firestore): ProductStore {
  const products = db.collection(PRODUCTS);
  const slugs = db.collection(SLUGS);
  const meta = db.collection(META).doc(CATALOGUE_META);
  const tombstones = db.collection(TOMBSTONES);

  async function writeChunk(chunk: ProductInput[]): Promise<void> {
    const inBatch = new Map<string, string>();
    for (const p of chunk) {
      const other = inBatch.get(p.slug);
      if (other && other !== p.id) throw new ProductSlugTakenError(p.slug);
      inBatch.set(p.slug, p.id);
    }
    await db.runTransaction(async (tx) => {
      const [metaSnap, existing, slugSnaps] = await Promise.all([
        tx.get(meta),
        chunk.length ? tx.getAll(...chunk.map((p) => products.doc(p.id))) : Promise.resolve([]),
        chunk.length ? tx.getAll(...chunk.map((p) => slugs.doc(p.slug))) : Promise.resolve([]),
      ]);
      slugSnaps.forEach((snap, i) => {
        const owner = snap.exists ? (snap.data()?.productId as string) : undefined;
        if (owner && owner !== chunk[i].id) throw new ProductSlugTakenError(chunk[i].slug);
      });
      let seq = (metaSnap.data()?.seq as number | undefined) ?? 0;
      const now = new Date().toISOString();
      chunk.forEach((p, i) => {
        seq += 1;
        const previous = existing[i].exists ? (existing[i].data() as Product) : undefined;
        if (previous && previous.slug !== p.slug) tx.delete(slugs.doc(previous.slug));
        const product: Product = {
          ...p,
          createdAt: p.createdAt ?? previous?.createdAt ?? now,
          updatedAt: p.updatedAt ?? now,
          seq,
        };
        tx.set(products.doc(p.id), product);
        tx.set(slugs.doc(p.slug), { productId: p.id });
        tx.delete(tombstones.doc(p.id));
      });
      tx.set(meta, { seq }, { merge: true });
    });
  }

  return {
    async get(id) {
      const snap = await products.doc(id).get();
      return snap.exists ? fromDoc(snap.data()!) : null;
    },
    async getBySlug(slug) {
      const owner = await slugs.doc(slug).get();
      if (!owner.exists) return null;
      return this.get(owner.data()!.productId as string);
    },
    async changedSince(afterSeq, limit) {
      const snap = await products.where("seq", ">", afterSeq).orderBy("seq").limit(limit).get();
      return snap.docs.map((d) => fromDoc(d.data()));
    },
    async count() {
      const snap = await products.count().get();
      return snap.data().count;
    },
    async save(input, options = {}) {
      return db.runTransaction(async (tx) => {
        const ref = products.doc(input.id);
        const [metaSnap, existing, slugSnap] = await Promise.all([tx.get(meta), tx.get(ref), tx.get(slugs.doc(input.slug))]);
        const previous = existing.exists ? (existing.data() as Product) : undefined;
        if (options.expectedSeq !== undefined && previous?.seq !== options.expectedSeq) throw new ProductChangedError(input.id);
        const owner = slugSnap.exists ? (slugSnap.data()?.productId as string) : undefined;
        if (owner && owner !== input.id) throw new ProductSlugTakenError(input.slug);
        const seq = ((metaSnap.data()?.seq as number | undefined) ?? 0) + 1;
        const now = new Date().toISOString();
        const product: Product = { ...input, createdAt: previous?.createdAt ?? input.createdAt ?? now, updatedAt: input.updatedAt ?? now, seq };
        if (previous && previous.slug !== input.slug) tx.delete(slugs.doc(previous.slug));
        tx.set(ref, product);
        tx.set(slugs.doc(input.slug), { productId: input.id });
        tx.delete(tombstones.doc(input.id));
        tx.set(meta, { seq }, { merge: true });
        return product;
      });
    },
    async delete(id) {
      return db.runTransaction(async (tx) => {
        const ref = products.doc(id);
        const [metaSnap, snap] = await Promise.all([tx.get(meta), tx.get(ref)]);
        if (!snap.exists) return false;
        const seq = ((metaSnap.data()?.seq as number | undefined) ?? 0) + 1;
        tx.delete(ref);
        tx.delete(slugs.doc((snap.data() as Product).slug));
        tx.set(tombstones.doc(id), { id, seq });
        tx.set(meta, { seq }, { merge: true });
        return true;
      });
    },
    async deletedSince(afterSeq, limit) {
      const snap = await tombstones.where("seq", ">", afterSeq).orderBy("seq").limit(limit).get();
      return snap.docs.map((d) => ({ id: d.get("id") as string, seq: d.get("seq") as number }));
    },
    async upsertMany(input) {
      // Within one transaction a batch is all or nothing; larger imports go in chunks.
      for (let i = 0; i < input.length; i += MAX_PER_TRANSACTION) {
        await writeChunk(input.slice(i, i + MAX_PER_TRANSACTION));
      }
    },
  };
}

