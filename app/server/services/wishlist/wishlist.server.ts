import type { Store } from "../../store/port";
import type { ProductImage } from "~/domain/product";
import { soldOutEverywhere } from "~/domain/sellable";
import type { Market } from "~/domain/market";
import { priceDropped, savedPriceIn } from "~/domain/wishlist";
import { ownPriceOf, pricedIn, productPriceIn, type PricingMarket } from "../markets/market-prices";

// Saved products ("Save" on cards and product pages). Rules: only products on sale can be saved;
// at most MAX_SAVED per shopper; the price at saving is kept, in the shopper's market as well as the
// base price, so a lower price later in their market shows as a drop. The owner is the cart's id, so a guest's list merges into the account's at sign-in.

export const MAX_SAVED = 100;

/** A saved product as the shopper sees it, its prices in their market. */
export interface WishlistEntry {
  productId: string;
  name: string;
  image: ProductImage | null;
  priceMinor: number;
  compareAtMinor: number | null;
  /** The price when saved, in the market; null when it cannot be told there (`savedPriceIn`). */
  savedPriceMinor: number | null;
  savedAt: string;
  /** Still on sale but nothing left in any size and colour. */
  soldOut: boolean;
  /** Cheaper now in the shopper's market than it was there when saved. */
  priceDrop: boolean;
  /** Withdrawn from sale (archived, draft or deleted): shown so the shopper can remove it. */
  unavailable: boolean;
}

export type ToggleResult =
  | { ok: true; saved: boolean; message: string }
  | { ok: false; message: string; status: number };

/** What saved products are kept in: the store's wishlists, priced from its products. */
export interface WishlistDeps {
  store: Store;
  /** When an item was saved; absent in production, where it is the real clock (tests fix it). */
  now?: () => Date;
}

export function createWishlistService(deps: WishlistDeps) {
  const { store } = deps;
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  return {
    /** The ids of the owner's saved products (cards and product pages show "Saved"). */
    async savedIds(ownerId: string | null): Promise<string[]> {
      if (!ownerId) return [];
      return (await store.wishlists.list(ownerId)).map((i) => i.productId);
    },

    /** The owner's saved products, priced in the shopper's market. */
    async view(ownerId: string | null, market: PricingMarket): Promise<WishlistEntry[]> {
      if (!ownerId) return [];
      const items = await store.wishlists.list(ownerId);
      const products = await Promise.all(items.map((i) => store.products.get(i.productId)));
      return items.map((item, i) => {
        const p = products[i];
        const onSale = p?.status === "active";
        const base = p ?? { priceMinor: item.savedPriceMinor, compareAtMinor: null };
        const now = pricedIn(market, {
          priceMinor: base.priceMinor,
          compareAtMinor: base.compareAtMinor ?? null,
          ...(p?.marketPrices ? { marketPrices: p.marketPrices } : {}),
        });
        const saved = savedPriceIn(item, market, {
          baseMinor: base.priceMinor,
          ownMinor: p ? ownPriceOf(market, p) : null,
        });
        return {
          productId: item.productId,
          name: p?.name ?? "A product no longer sold",
          image: p?.images[0] ?? null,
          priceMinor: now.priceMinor,
          compareAtMinor: now.compareAtMinor,
          savedPriceMinor: saved,
          savedAt: item.savedAt,
          soldOut: Boolean(onSale && p && soldOutEverywhere(p.variants)),
          priceDrop: Boolean(onSale && priceDropped(saved, now.priceMinor)),
          unavailable: !onSale,
        };
      });
    },

    /**
     * Save the product, or un-save it when it is saved already (`want` forces one way). A saving
     * keeps the price in the shopper's `market` as well as the base price.
     */
    async toggle(
      ownerId: string,
      productId: string,
      want: boolean | undefined,
      market: Pick<Market, "id" | "currency" | "rateMicros" | "rounding">,
    ): Promise<ToggleResult> {
      const items = await store.wishlists.list(ownerId);
      const isSaved = items.some((i) => i.productId === productId);
      const save = want ?? !isSaved;
      const product = await store.products.get(productId);
      const name = product?.name ?? "The product";
      if (!save) {
        await store.wishlists.remove(ownerId, productId);
        return { ok: true, saved: false, message: `Removed ${name} from your saved items.` };
      }
      if (isSaved) return { ok: true, saved: true, message: `${name} is in your saved items.` };
      if (!product || product.status !== "active")
        return { ok: false, message: "That product is not for sale, so it cannot be saved.", status: 404 };
      if (items.length >= MAX_SAVED)
        return {
          ok: false,
          message: `You have saved ${MAX_SAVED} items, the most we keep. Remove one to save another.`,
          status: 409,
        };
      await store.wishlists.add(ownerId, {
        productId,
        savedPriceMinor: product.priceMinor,
        savedAt: now(),
        savedIn: {
          marketId: market.id,
          currency: market.currency,
          priceMinor: productPriceIn(market, product.priceMinor, ownPriceOf(market, product)),
        },
      });
      return { ok: true, saved: true, message: `Saved ${name}. Find it under Saved items.` };
    },

    /** At sign-in: the guest's saved items join the account's. */
    merge(guestOwnerId: string, userOwnerId: string): Promise<void> {
      return store.wishlists.merge(guestOwnerId, userOwnerId);
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
