import crypto from "node:crypto";
import type { Promotion, PromotionUseClaim } from "~/domain/promotion";
import type { Store } from "../../store/port";
import type { AuditService } from "../audit/audit.server";
import { bestPricing, qualifies, validity, type PricedLine, type PromotionPricing } from "~/domain/promotion-rules";
import { codeRefusal } from "./code-refusal";
import { promotionIn, type PricingMarket } from "../markets/market-prices";

// Promotions for the shop: the cart and checkout price through price(); the back office lists,
// creates and edits them (audited). Usage is counted by the order's placement, never here.

export type PromotionInput = Omit<Promotion, "id" | "createdAt" | "updatedAt">;

export interface PriceRequest {
  lines: readonly PricedLine[];
  /** The code the shopper applied, if any. */
  code: string | null;
  /** "user:{uid}" or "email:{e-mail}" once known (checkout); per-customer limits apply then. */
  customerKey: string | null;
  standardDeliveryMinor: number;
  /** The market the lines are priced in: fixed amounts and minimum spends convert at its rate. Default: the base prices. */
  market?: PricingMarket;
  /** The promotions as stored, when the caller started that read beside its own (see stored()); else read here. */
  stored?: Promise<Promotion[]>;
}

export interface PriceResult {
  pricing: PromotionPricing;
  /** Why the applied code does not apply now (it stays applied; the shopper may remove it). */
  codeProblem: string | null;
  /** One use of each promotion the pricing applies, for the placement to count. */
  claims: PromotionUseClaim[];
}

export const customerKeyFor = (userId: string | null, email: string) =>
  userId ? `user:${userId}` : `email:${email.trim().toLowerCase()}`;

export type PromotionsService = ReturnType<typeof createPromotionsService>;

/** What promotions are kept in, and where the back office's changes are recorded. */
export interface PromotionsDeps {
  store: Store;
  audit: AuditService;
  /** Decides which promotions are running; absent in production, where it is the real clock (tests fix it). */
  now?: () => Date;
}

export function createPromotionsService(deps: PromotionsDeps) {
  const { store, audit } = deps;
  const now = deps.now ?? (() => new Date());
  async function used(promotion: Promotion, customerKey: string | null) {
    const [total, customer] = await Promise.all([
      promotion.usageLimit === null ? 0 : ((await store.promotions.usage([promotion.id])).get(promotion.id) ?? 0),
      promotion.perCustomerLimit === null || !customerKey
        ? 0
        : store.promotions.customerUsage(promotion.id, customerKey),
    ]);
    return { total, customer };
  }

  /** Whether a promotion is still open to this customer (usage so far). */
  async function hasUsesLeft(promotion: Promotion, customerKey: string | null) {
    const u = await used(promotion, customerKey);
    return (
      (promotion.usageLimit === null || u.total < promotion.usageLimit) &&
      (promotion.perCustomerLimit === null || u.customer < promotion.perCustomerLimit)
    );
  }

  return {
    /** Why `code` cannot be applied to these lines, or null (then the caller keeps it applied). */
    async checkCode(code: string, lines: readonly PricedLine[], customerKey: string | null): Promise<string | null> {
      const promotion = await store.promotions.findByCode(code);
      const u = promotion ? await used(promotion, customerKey) : { total: 0, customer: 0 };
      return codeRefusal(code, promotion, lines, now(), u);
    },

    async price(request: PriceRequest): Promise<PriceResult> {
      const at = now();
      const market = request.market;
      const all = (await (request.stored ?? store.promotions.list())).map((p) => (market ? promotionIn(market, p) : p));
      // Every usage count needed (the qualifying promotions', the code's) is read at once.
      const automatic = all.filter((p) => p.code === null && qualifies(p, request.lines, at));
      const coded = request.code
        ? (all.find((p) => p.code !== null && p.code.toLowerCase() === request.code!.trim().toLowerCase()) ?? null)
        : null;
      const [open, codeUse] = await Promise.all([
        Promise.all(automatic.map((p) => hasUsesLeft(p, request.customerKey))),
        coded ? used(coded, request.customerKey) : { total: 0, customer: 0 },
      ]);
      const candidates: Promotion[] = automatic.filter((_, i) => open[i]);
      let codeProblem: string | null = null;
      if (request.code) {
        const promotion = coded;
        codeProblem = codeRefusal(request.code, promotion, request.lines, at, codeUse, market?.currency);
        if (!codeProblem && promotion) candidates.push(promotion);
      }
      const pricing = bestPricing(candidates, request.lines, request.standardDeliveryMinor);
      const byId = new Map(all.map((p) => [p.id, p]));
      const claims = pricing.applied.map((a): PromotionUseClaim => {
        const p = byId.get(a.promotionId)!;
        return {
          promotionId: p.id,
          customerKey: request.customerKey ?? "unknown",
          usageLimit: p.usageLimit,
          perCustomerLimit: p.perCustomerLimit,
        };
      });
      return { pricing, codeProblem, claims };
    },

    /** The code as the shop spells it while its promotion is on (dates, total uses left), else null. */
    async activeCode(code: string): Promise<string | null> {
      const promotion = await store.promotions.findByCode(code);
      if (!promotion?.code || validity(promotion, now()) !== "ok") return null;
      return (await hasUsesLeft(promotion, null)) ? promotion.code : null;
    },

    /** Every promotion as stored, for a price() request whose caller reads it early (PriceRequest.stored). */
    stored(): Promise<Promotion[]> {
      return store.promotions.list();
    },

    async list() {
      const promotions = await store.promotions.list();
      const usage = await store.promotions.usage(promotions.map((p) => p.id));
      return promotions.map((p) => ({ ...p, used: usage.get(p.id) ?? 0 }));
    },

    get(id: string) {
      return store.promotions.get(id);
    },

    async name(id: string) {
      return (await store.promotions.get(id))?.name ?? "A promotion";
    },

    /** Create (id null) or replace; "code-taken" when another promotion has the code. */
    async save(id: string | null, input: PromotionInput, actor: string) {
      const at = now().toISOString();
      const before = id ? await store.promotions.get(id) : null;
      if (id && !before) return { ok: false as const, reason: "not-found" as const };
      const promotion: Promotion = {
        ...input,
        id: id ?? crypto.randomUUID(),
        createdAt: before?.createdAt ?? at,
        updatedAt: at,
      };
      const saved = await store.promotions.save(promotion);
      if (!saved.ok) return saved;
      await audit.record({
        actor,
        entityType: "promotion",
        entityId: promotion.id,
        action: before ? "update" : "create",
        summary: `${before ? "Updated" : "Created"} promotion ${promotion.name}${promotion.code ? ` (code ${promotion.code})` : ""}`,
        before,
        after: promotion,
      });
      return { ok: true as const, promotion };
    },
  };
}
