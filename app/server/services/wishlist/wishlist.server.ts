import type { Store } from "../../store/port";
import type { ProductImage } from "~/domain/product";
import { soldOutEverywhere } from "~/domain/sellable";
import type { MarketPrices } from "~/domain/market-own-price";

// Saved products ("Save" on cards and product pages). Rules: only products on sale can be saved;
// at most MAX_SAVED per shopper; the price at saving is kept, so a lower price later shows as a
// drop. The owner is the cart's id, so a guest's list merges into the account's at sign-in.

export const MAX_SAVED = 100;

export interface WishlistEntry {
  productId: string;
  name: string;
  image: ProductImage | null;
  priceMinor: number;
  compareAtMinor: number | null;
  savedPriceMinor: number;
  savedAt: string;
  /** Still on sale but nothing left in any size and colour. */
  soldOut: boolean;
  /** Cheaper now than when saved. */
  priceDrop: boolean;
  /** Withdrawn from sale (archived, draft or deleted): shown so the shopper can remove it. */
  unavailable: boolean;
  /** The product's own prices in markets, when it has any: `pricedIn` reads them, pages never get them. */
  marketPrices?: MarketPrices;
}

export type ToggleResult =
  | { ok: true; saved: boolean; message: string }
  | { ok: false; message: string; status: number };

export function createWishlistService(store: Store, options: { now?: () => Date } = {}) {
  const now = () => (options.now?.() ?? new Date()).toISOString();
  return {
    /** The ids of the owner's saved products (cards and product pages show "Saved"). */
    async savedIds(ownerId: string | null): Promise<string[]> {
      if (!ownerId) return [];
      return (await store.wishlists.list(ownerId)).map((i) => i.productId);
    },

    async view(ownerId: string | null): Promise<WishlistEntry[]> {
      if (!ownerId) return [];
      const items = await store.wishlists.list(ownerId);
      const products = await Promise.all(items.map((i) => store.products.get(i.productId)));
      return items.map((item, i) => {
        const p = products[i];
        const onSale = p?.status === "active";
        return {
          productId: item.productId,
          name: p?.name ?? "A product no longer sold",
          image: p?.images[0] ?? null,
          priceMinor: p?.priceMinor ?? item.savedPriceMinor,
          compareAtMinor: p?.compareAtMinor ?? null,
          savedPriceMinor: item.savedPriceMinor,
          savedAt: item.savedAt,
          soldOut: Boolean(onSale && p && soldOutEverywhere(p.variants)),
          priceDrop: Boolean(onSale && p && p.priceMinor < item.savedPriceMinor),
          unavailable: !onSale,
          ...(p?.marketPrices ? { marketPrices: p.marketPrices } : {}),
        };
      });
    },

    /** Save the product, or un-save it when it is saved already (`want` forces one way). */
    async toggle(ownerId: string, productId: string, want?: boolean): Promise<ToggleResult> {
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
      await store.wishlists.add(ownerId, { productId, savedPriceMinor: product.priceMinor, savedAt: now() });
      return { ok: true, saved: true, message: `Saved ${name}. Find it under Saved items.` };
    },

    /** At sign-in: the guest's saved items join the account's. */
    merge(guestOwnerId: string, userOwnerId: string): Promise<void> {
      return store.wishlists.merge(guestOwnerId, userOwnerId);
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
