import crypto from "node:crypto";
import type { Firestore, Timestamp, Transaction } from "firebase-admin/firestore";
import { firestoreSdk } from "~/server/firebase-sdk.server";
import type { Promotion, PromotionUseClaim } from "~/domain/promotion";
import type { PromotionStore, PromotionUsageCount } from "../port";
import { available, availableTransaction, healthProbe } from "./availability.server";

// promotions/{id}: the Promotion. promotionCodes/{lower-cased code}: { promotionId } — claimed in the
// save's transaction, so two promotions never hold one code.
// promotionUsage/{id}~shard-{0..15}: { uses } in all, spread over 16 documents; promotionUsage/{id}~{hash of
// the customer key}: { uses } for one customer. Only the placement of an order that uses the promotion
// writes them (in its transaction), so they contend only among orders of that promotion. A total limit is
// split between the shards (a limit of 100: 7 or 6 uses each), so 300 shoppers racing for a code's
// last uses contend on 16 documents, not one: Firestore takes about one sustained write a second per
// document, and one document made most of them give up after their retries. promotionUsage/{id}: { uses }
// counted before the shards existed; never written by an order, it still counts towards the limit (a shop moved
// from another backend has its counts there: restoreUsageCounts). A customer's document also names the promotion
// and the customer key, so the counts can be listed (usageCounts; documents written before that are not listed).

const PROMOTIONS = "promotions";
const CODES = "promotionCodes";
const USAGE = "promotionUsage";

const SHARDS = 16;
const SHARD_NUMBERS = Array.from({ length: SHARDS }, (_, k) => k);
const shardDocId = (promotionId: string, shard: number) => `${promotionId}~shard-${shard}`;
const SHARD_ID = /~shard-\d+$/;
const usesOf = (snap: { get(field: string): unknown }) => (snap.get("uses") as number | undefined) ?? 0;

/** How many of `remaining` uses shard `k` may count: as even a split as whole numbers allow. */
const shardCap = (remaining: number, k: number) =>
  Math.max(0, Math.floor(remaining / SHARDS) + (k < Math.max(0, remaining) % SHARDS ? 1 : 0));

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
      const refs = ids.flatMap((id) => [usage.doc(id), ...SHARD_NUMBERS.map((k) => usage.doc(shardDocId(id, k)))]);
      const snaps = await available(() => db.getAll(...refs));
      return new Map(
        ids.map((id, i) => [
          id,
          snaps.slice(i * (SHARDS + 1), (i + 1) * (SHARDS + 1)).reduce((n, s) => n + usesOf(s), 0),
        ]),
      );
    },
    async customerUsage(id, customerKey) {
      const snap = await available(() => usage.doc(customerDocId(id, customerKey)).get());
      return (snap.get("uses") as number | undefined) ?? 0;
    },
    async usageCounts() {
      const snap = await available(() => usage.get());
      const totals = new Map<string, number>();
      const counts: PromotionUsageCount[] = [];
      for (const doc of snap.docs) {
        const customerKey = doc.get("customerKey") as string | undefined;
        if (customerKey) counts.push({ promotionId: doc.get("promotionId") as string, customerKey, uses: usesOf(doc) });
        else if (SHARD_ID.test(doc.id)) {
          const id = doc.id.replace(SHARD_ID, "");
          totals.set(id, (totals.get(id) ?? 0) + usesOf(doc));
        } else if (!doc.id.includes("~")) totals.set(doc.id, (totals.get(doc.id) ?? 0) + usesOf(doc));
      }
      for (const [promotionId, uses] of totals) counts.push({ promotionId, customerKey: null, uses });
      const key = (c: PromotionUsageCount) => [c.promotionId, c.customerKey === null ? "" : `~${c.customerKey}`];
      return counts.sort((a, b) => {
        const [pa, ca] = key(a);
        const [pb, cb] = key(b);
        return pa !== pb ? (pa! < pb! ? -1 : 1) : ca! < cb! ? -1 : ca! > cb! ? 1 : 0;
      });
    },
    async restoreUsageCounts(list) {
      // A total goes where counts from before the shards live, and the shards start empty: each shard's share of a
      // limit is then split from what remains, so a restored total never lets the limit be passed.
      const writes: Array<(batch: FirebaseFirestore.WriteBatch) => void> = [];
      for (const c of list) {
        if (c.customerKey === null) {
          writes.push((b) => b.set(usage.doc(c.promotionId), { uses: c.uses }));
          for (const k of SHARD_NUMBERS) writes.push((b) => b.delete(usage.doc(shardDocId(c.promotionId, k))));
        } else {
          const data = { uses: c.uses, promotionId: c.promotionId, customerKey: c.customerKey };
          writes.push((b) => b.set(usage.doc(customerDocId(c.promotionId, c.customerKey!)), data));
        }
      }
      for (let i = 0; i < writes.length; i += 400) {
        const batch = db.batch();
        for (const write of writes.slice(i, i + 400)) write(batch);
        await available(() => batch.commit());
      }
    },
  };
}

/** Where each claim of a placement counts its use: a shard picked before the transaction, as it was then. */
export interface PromotionUsePlan {
  /** A promotion all of whose shards are full: used up (uses only grow, so a plain read saying so is final). */
  usedUp: string | null;
  /** Per claim: the shard, and for a limited claim its count and update time when read (null: no document yet). */
  shards: { shard: number; limited: boolean; uses: number; updateTime: Timestamp | null }[];
}

/**
 * Before the placement transaction: for a claim with a total limit, read its shards (one batched read, no locks)
 * and pick one at random among those with room; without a limit, any shard. The transaction writes that shard
 * only if it is unchanged since (an update time precondition), so shoppers racing for a code never hold locks on
 * its counts: one whose shard moved meanwhile plans again (see `isStalePlan`).
 */
export async function planPromotionUses(
  db: Firestore,
  probe: () => Promise<unknown>,
  claims: readonly PromotionUseClaim[],
): Promise<PromotionUsePlan> {
  const usage = db.collection(USAGE);
  const shards: PromotionUsePlan["shards"] = [];
  for (const claim of claims) {
    if (claim.usageLimit === null) {
      shards.push({ shard: crypto.randomInt(SHARDS), limited: false, uses: 0, updateTime: null });
      continue;
    }
    const id = claim.promotionId;
    const refs = [usage.doc(id), ...SHARD_NUMBERS.map((k) => usage.doc(shardDocId(id, k)))];
    // Part of a placement: like its transaction, a busy database is waited for while it answers a probe.
    const [before, ...snaps] = await availableTransaction(probe, () => db.getAll(...refs));
    const remaining = claim.usageLimit - usesOf(before!);
    const open = SHARD_NUMBERS.filter((k) => usesOf(snaps[k]!) < shardCap(remaining, k));
    if (open.length === 0) return { usedUp: id, shards: [] };
    const shard = open[crypto.randomInt(open.length)]!;
    const snap = snaps[shard]!;
    shards.push({ shard, limited: true, uses: usesOf(snap), updateTime: snap.exists ? snap.updateTime! : null });
  }
  return { usedUp: null, shards };
}

/** A placement whose planned shard changed before it committed (the precondition failed): plan again. */
export function isStalePlan(error: unknown): boolean {
  const code = (error as { code?: number | string }).code;
  // gRPC 9 FAILED_PRECONDITION (the shard was updated), 6 ALREADY_EXISTS (another created it first).
  return code === 9 || code === 6 || code === "failed-precondition" || code === "already-exists";
}

/**
 * Inside the placement transaction, before any write: the customer's counts. `usedUp` names a promotion over
 * a limit; otherwise `write` counts one use of each, in its planned shard and for the customer.
 */
export async function readPromotionUses(
  db: Firestore,
  tx: Transaction,
  claims: readonly PromotionUseClaim[],
  plan: PromotionUsePlan,
): Promise<{ usedUp: string | null; write: () => void }> {
  const none = () => {};
  if (claims.length === 0) return { usedUp: null, write: none };
  if (plan.usedUp) return { usedUp: plan.usedUp, write: none };
  const usage = db.collection(USAGE);
  const customerRefs = claims.map((c) => usage.doc(customerDocId(c.promotionId, c.customerKey)));
  const counts = (await tx.getAll(...customerRefs)).map(usesOf);
  for (const [i, claim] of claims.entries()) {
    if (claim.perCustomerLimit !== null && counts[i]! >= claim.perCustomerLimit)
      return { usedUp: claim.promotionId, write: none };
  }
  return {
    usedUp: null,
    write: () =>
      claims.forEach((claim, i) => {
        tx.set(customerRefs[i]!, {
          uses: counts[i]! + 1,
          promotionId: claim.promotionId,
          customerKey: claim.customerKey,
        });
        const planned = plan.shards[i]!;
        const shardRef = usage.doc(shardDocId(claim.promotionId, planned.shard));
        if (!planned.limited) tx.set(shardRef, { uses: firestoreSdk().FieldValue.increment(1) }, { merge: true });
        else if (planned.updateTime)
          tx.update(shardRef, { uses: planned.uses + 1 }, { lastUpdateTime: planned.updateTime });
        else tx.create(shardRef, { uses: 1 });
      }),
  };
}
