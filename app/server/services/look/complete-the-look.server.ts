import { LOOK_SIZE, completeTheLook, type Partner } from "~/domain/complete-the-look";
import type { PairStore } from "~/server/store/port";
import type { CatalogService, ProductSummary } from "../catalog/catalog.server";

// Complete the look on the product page (up to LOOK_SIZE cards) and in the cart (one). Pair counts
// change only when an order is paid, so each product's partners are kept for a while (PARTNERS_TTL_MS)
// instead of read per request; what is on sale is always the catalogue's as of this request, so a
// product sold out or unpublished a moment ago is never suggested.

/** How long a product's partners are trusted: a payment shows in suggestions within this. */
export const PARTNERS_TTL_MS = 60_000;
/** Partners read per product: room for some to be sold out or unlisted. */
const PARTNERS_READ = LOOK_SIZE * 3;
/** Same-category cards the fallback looks through (in featured order) for a colour family match. */
const FALLBACK_SCAN = 60;
const MAX_KEPT = 2000;

export type CompleteTheLookService = ReturnType<typeof createCompleteTheLookService>;

export function createCompleteTheLookService(deps: {
  pairs: PairStore;
  catalog: Pick<CatalogService, "lookCards">;
  now?: () => number;
  ttlMs?: number;
}) {
  const now = deps.now ?? Date.now;
  const ttlMs = deps.ttlMs ?? PARTNERS_TTL_MS;
  const kept = new Map<string, { at: number; partners: Partner[] }>();

  async function partnersOf(productId: string): Promise<Partner[]> {
    const hit = kept.get(productId);
    if (hit && now() - hit.at < ttlMs) return hit.partners;
    const partners = await deps.pairs.partners(productId, PARTNERS_READ).catch((error: unknown) => {
      // A page without its bought-together cards still sells: fall back to the colour families.
      console.error(`Complete the look: the partners of ${productId} could not be read`, error);
      return null;
    });
    if (!partners) return [];
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.delete(productId);
    kept.set(productId, { at: now(), partners });
    return partners;
  }

  async function suggest(productIds: readonly string[], limit: number): Promise<ProductSummary[]> {
    if (productIds.length === 0) return [];
    const partners = (await Promise.all(productIds.map(partnersOf))).flat();
    const anchorIds = [...new Set(productIds)];
    const cards = await deps.catalog.lookCards();
    // The anchors' cards give their category and colours; an anchor no longer listed still excludes itself.
    const anchors = anchorIds.map((id) => cards.get(id)).filter((c) => c !== undefined);
    const ids = completeTheLook({
      anchors,
      partners,
      onSale: cards.get,
      fallback: cards.sameCategory(
        anchors.map((a) => a.category),
        FALLBACK_SCAN,
      ),
      exclude: new Set(anchorIds),
      limit,
    });
    return ids.map((id) => cards.get(id)).filter((c) => c !== undefined);
  }

  return {
    /** The product page's cards: bought together most often first, then its category and colour family. */
    forProduct: (productId: string) => suggest([productId], LOOK_SIZE),
    /** Drop these products' kept partners (an order of them was just counted by this process). */
    forget(productIds: readonly string[]) {
      for (const id of productIds) kept.delete(id);
    },
    /** The cart's one suggestion: the best for all its products, none of them, in stock. */
    forCart: async (productIds: readonly string[]) => (await suggest(productIds, 1))[0] ?? null,
  };
}
