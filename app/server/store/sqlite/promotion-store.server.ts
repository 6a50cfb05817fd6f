import type { Promotion, PromotionUseClaim } from "~/domain/promotion";
import type { PromotionStore, PromotionUsageCount } from "../port";
import type { SqliteDatabase } from "./database.server";

// Promotions on SQLite: the promotion as JSON, its lower-cased code in a unique column. Usage rows
// are written by the order store's placement (see countPromotionUses).

const TOTAL = "";

export function createSqlitePromotionStore(db: SqliteDatabase): PromotionStore {
  const all = db.prepare<[], { data: string }>("SELECT data FROM promotions ORDER BY created_at DESC, id");
  const byId = db.prepare<[string], { data: string }>("SELECT data FROM promotions WHERE id = ?");
  const byCode = db.prepare<[string], { data: string }>("SELECT data FROM promotions WHERE code_lower = ?");
  const upsert = db.prepare<[string, string | null, string, string]>(
    `INSERT INTO promotions (id, code_lower, created_at, data) VALUES (?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET code_lower = excluded.code_lower, data = excluded.data`,
  );
  const uses = db.prepare<[string, string], { uses: number }>(
    "SELECT uses FROM promotion_usage WHERE promotion_id = ? AND customer_key = ?",
  );
  const allUses = db.prepare<[], { promotion_id: string; customer_key: string; uses: number }>(
    "SELECT promotion_id, customer_key, uses FROM promotion_usage ORDER BY promotion_id, customer_key",
  );
  const putUses = db.prepare<[string, string, number]>(
    `INSERT INTO promotion_usage (promotion_id, customer_key, uses) VALUES (?, ?, ?)
     ON CONFLICT (promotion_id, customer_key) DO UPDATE SET uses = excluded.uses`,
  );
  const restore = db.transaction((counts: readonly PromotionUsageCount[]) => {
    for (const c of counts) putUses.run(c.promotionId, c.customerKey ?? TOTAL, c.uses);
  });
  const parse = (row: { data: string } | undefined) => (row ? (JSON.parse(row.data) as Promotion) : null);

  return {
    async list() {
      return all.all().map((row) => JSON.parse(row.data) as Promotion);
    },
    async get(id) {
      return parse(byId.get(id));
    },
    async findByCode(code) {
      return parse(byCode.get(code.trim().toLowerCase()));
    },
    async save(promotion) {
      const codeLower = promotion.code ? promotion.code.toLowerCase() : null;
      const holder = codeLower ? parse(byCode.get(codeLower)) : null;
      if (holder && holder.id !== promotion.id) return { ok: false, reason: "code-taken" };
      upsert.run(promotion.id, codeLower, promotion.createdAt, JSON.stringify(promotion));
      return { ok: true };
    },
    async usage(ids) {
      return new Map(ids.map((id) => [id, uses.get(id, TOTAL)?.uses ?? 0]));
    },
    async customerUsage(id, customerKey) {
      return uses.get(id, customerKey)?.uses ?? 0;
    },
    async usageCounts() {
      // The total's key "" sorts before every customer key.
      return allUses.all().map((row) => ({
        promotionId: row.promotion_id,
        customerKey: row.customer_key === TOTAL ? null : row.customer_key,
        uses: row.uses,
      }));
    },
    async restoreUsageCounts(counts) {
      restore(counts);
    },
  };
}

/**
 * Inside the placement transaction: count one use of each claimed promotion, in all and for the
 * customer. Returns the id of a promotion over its limit instead (the caller writes nothing then).
 */
export function promotionUseCounter(db: SqliteDatabase) {
  const uses = db.prepare<[string, string], { uses: number }>(
    "SELECT uses FROM promotion_usage WHERE promotion_id = ? AND customer_key = ?",
  );
  const bump = db.prepare<[string, string]>(
    `INSERT INTO promotion_usage (promotion_id, customer_key, uses) VALUES (?, ?, 1)
     ON CONFLICT (promotion_id, customer_key) DO UPDATE SET uses = uses + 1`,
  );
  return {
    overLimit(claims: readonly PromotionUseClaim[]): string | null {
      for (const claim of claims) {
        const total = uses.get(claim.promotionId, TOTAL)?.uses ?? 0;
        if (claim.usageLimit !== null && total >= claim.usageLimit) return claim.promotionId;
        const mine = uses.get(claim.promotionId, claim.customerKey)?.uses ?? 0;
        if (claim.perCustomerLimit !== null && mine >= claim.perCustomerLimit) return claim.promotionId;
      }
      return null;
    },
    count(claims: readonly PromotionUseClaim[]) {
      for (const claim of claims) {
        bump.run(claim.promotionId, TOTAL);
        bump.run(claim.promotionId, claim.customerKey);
      }
    },
  };
}
