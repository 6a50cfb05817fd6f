import type { Firestore } from "firebase-admin/firestore";
import { marketSaveRefusal, type Market } from "~/domain/market";
import type { MarketRemoveResult, MarketSaveResult, MarketStore } from "../port";
import { available, availableTransaction, healthProbe } from "./availability.server";

// markets/{id}: a Market. A shop has a handful, so saving reads them all in its transaction: two
// instances saving at once cannot put one country in two markets, nor leave two defaults or none.

const byPosition = (a: Market, b: Market) =>
  a.position - b.position || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1);

export function createFirestoreMarketStore(db: Firestore): MarketStore {
  const markets = db.collection("markets");
  const probe = healthProbe(db);
  return {
    async list() {
      const snap = await available(() => markets.get());
      return snap.docs.map((d) => d.data() as Market).sort(byPosition);
    },
    async get(id) {
      const snap = await available(() => markets.doc(id).get());
      return snap.exists ? (snap.data() as Market) : null;
    },
    async save(market) {
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx): Promise<MarketSaveResult> => {
          const all = (await tx.get(markets)).docs.map((d) => d.data() as Market);
          const refusal = marketSaveRefusal(all, market);
          if (refusal) return refusal;
          if (market.isDefault)
            for (const other of all)
              if (other.id !== market.id && other.isDefault) tx.update(markets.doc(other.id), { isDefault: false });
          tx.set(markets.doc(market.id), market);
          return { kind: "saved" };
        }),
      );
    },
    async remove(id) {
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx): Promise<MarketRemoveResult> => {
          const ref = markets.doc(id);
          const snap = await tx.get(ref);
          if (!snap.exists) return "not-found";
          if ((snap.data() as Market).isDefault) return "default";
          tx.delete(ref);
          return "removed";
        }),
      );
    },
  };
}
