import crypto from "node:crypto";
import type { Firestore, Transaction } from "firebase-admin/firestore";
import type { Promotion, PromotionUseClaim } from "~/domain/promotion";
import type { PromotionStore } from "../port";
import { available, availableTransaction, healthProbe } from "./availability.server";

// promotions/{id}: the Promotion. promotionCodes/{lower-cased code}: { promotionId } — claimed in the
// save's transaction, so two promotions never hold one code.
// promotionUsage/{id}: { uses } in all; promotionUsage/{id}~{hash of the customer key}: { uses } for one
// customer. Only the placement of an order that uses the promotion writes them (in its transaction),
// so they contend only among orders of that promotion, never with the rest of the shop.

const PROMOTIONS = "promotions";
const CODES = "promotionCodes";
const USAGE = "promotionUsage";

const customerDocId = (promotionId: string, customerKey: string) =>
  `${promotionId}~${crypto.createHash("sha256").update(customerKey).digest("hex").slice(0, 32)}`;

export function createFirestorePromotionStore(db: Firestore): PromotionStore {
  const promotions = db.collection(PROMOTIONS);
  const codes = db.collection(CODES);
  const usage = db.collection(USAGE);
  const probe = healthProbe(db);

  return {
    async list() {
      const snap = await available(() => promotions.orderBy("createdAt", "desc").get());
      return snap.docs.map((d) => d.data() as Promotion);
    },
    async get(id) {
      const snap = await available(() => promotions.doc(id).get());
      return snap.exists ? (snap.data() as Promotion) : null;
    },
    async findByCode(code) {
      const key = code.trim().toLowerCase();
      if (!key || key.includes("/")) return null;
      const claim = await available(() => codes.doc(key).get());
      if (!claim.exists) return null;
      return this.get(claim.get("promotionId") as string);
    },
    async save(promotion) {
      const ref = promotions.doc(promotion.id);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const before = await tx.get(ref);
          const oldCode = before.exists ? ((before.get("code") as string | null) ?? null) : null;
          const newKey = promotion.code ? promotion.code.toLowerCase() : null;
          if (newKey) {
            const holder = await tx.get(codes.doc(newKey));
            if (holder.exists && holder.get("promotionId") !== promotion.id) {
              return { ok: false as const, reason: "code-taken" as const };
            }
          }
          if (oldCode && oldCode.toLowerCase() !== newKey) tx.delete(codes.doc(oldCode.toLowerCase()));
          if (newKey) tx.set(codes.doc(newKey), { promotionId: promotion.id });
          tx.set(ref, promotion);
          return { ok: true as const };
        }),
      );
    },
    async usage(ids) {
      if (ids.length === 0) return new Map();
      const snaps = await available(() => db.getAll(...ids.map((id) => usage.doc(id))));
      return new Map(ids.map((id, i) => [id, (snaps[i].get("uses") as number | undefined) ?? 0]));
    },
    async customerUsage(id, customerKey) {
      const snap = await available(() => usage.doc(customerDocId(id, customerKey)).get());
      return (snap.get("uses") as number | undefined) ?? 0;
    },
  };
}

/**
 * Inside the placement transaction: `read` (before any write) returns the id of a promotion over a
 * limit, or a `write` that counts one use of each in all and for the customer.
 */
export async function readPromotionUses(
  db: Firestore,
  tx: Transaction,
  claims: readonly PromotionUseClaim[],
): Promise<{ usedUp: string | null; write: () => void }> {
  if (claims.length === 0) return { usedUp: null, write: () => {} };
  const usage = db.collection(USAGE);
  const refs = claims.flatMap((c) => [
    usage.doc(c.promotionId),
    usage.doc(customerDocId(c.promotionId, c.customerKey)),
  ]);
  const snaps = await tx.getAll(...refs);
  const counts = snaps.map((s) => (s.get("uses") as number | undefined) ?? 0);
  for (const [i, claim] of claims.entries()) {
    if (claim.usageLimit !== null && counts[2 * i] >= claim.usageLimit)
      return { usedUp: claim.promotionId, write: () => {} };
    if (claim.perCustomerLimit !== null && counts[2 * i + 1] >= claim.perCustomerLimit) {
      return { usedUp: claim.promotionId, write: () => {} };
    }
  }
  return {
    usedUp: null,
    write: () => refs.forEach((ref, i) => tx.set(ref, { uses: counts[i] + 1 })),
  };
}
