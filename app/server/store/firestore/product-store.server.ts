import type { Firestore } from "firebase-admin/firestore";
import type { ProductStore } from "../port";
import type { Product, ProductInput } from "../types";

// products/{id}: the whole product aggregate, exactly the Product type.
// productSlugs/{slug}: { productId }, so a slug is unique across products (Firestore has no unique index).
// meta/catalogue: { seq }, the change counter that the in-process index follows.

const PRODUCTS = "products";
const SLUGS = "productSlugs";
const META = "meta";
const CATALOGUE_META = "catalogue";
/** Each product writes up to 3 documents; Firestore allows 500 writes in one transaction. */
const MAX_PER_TRANSACTION = 150;

export class SlugTakenError extends Error {
  constructor(slug: string) {
    super(`The slug "${slug}" is already used by another product`);
    this.name = "SlugTakenError";
  }
}

function fromDoc(data: FirebaseFirestore.DocumentData): Product {
  return data as Product;
}

export function createFirestoreProductStore(db: Firestore): ProductStore {
  const products = db.collection(PRODUCTS);
  const slugs = db.collection(SLUGS);
  const meta = db.collection(META).doc(CATALOGUE_META);

  async function writeChunk(chunk: ProductInput[]): Promise<void> {
    const inBatch = new Map<string, string>();
    for (const p of chunk) {
      const other = inBatch.get(p.slug);
      if (other && other !== p.id) throw new SlugTakenError(p.slug);
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
        if (owner && owner !== chunk[i].id) throw new SlugTakenError(chunk[i].slug);
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
    async upsertMany(input) {
      // Within one transaction a batch is all or nothing; larger imports go in chunks.
      for (let i = 0; i < input.length; i += MAX_PER_TRANSACTION) {
        await writeChunk(input.slice(i, i + MAX_PER_TRANSACTION));
      }
    },
  };
}

