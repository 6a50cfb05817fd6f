import type { CurrencyCode } from "./money";
import type { CategoryId } from "./category";
import type { MarketPrices } from "./market-own-price";
import type { RatingSummary } from "./review";

// The catalogue's products, shared by the UI, the services and every store adapter. Prices are integer minor units.

export type ProductStatus = "draft" | "active" | "archived";

export interface Colour {
  name: string;
  /** "#rrggbb" */
  hex: string;
}

export interface Variant {
  size: string;
  /** Colour name, one of the product's colours. */
  colour: string;
  sku: string;
  stock: number;
  /** Shipping weight in grams, for delivery priced by weight; absent: counts as 0 g. */
  weightGrams?: number;
  /**
   * A gift card product's amount (minor units): the card's value and the variant's price. Present on
   * every variant of a gift card product and on no other (domain/gift-card-product).
   */
  giftCardMinor?: number;
  /** The currency of `giftCardMinor` (the card it issues holds it); absent on a gift card variant: euros. */
  giftCardCurrency?: CurrencyCode;
}

export interface ProductImage {
  url: string;
  alt: string;
  width: number;
  height: number;
  /** The colour (one of the product's colour names) the image shows; absent: it shows every colour. */
  colour?: string;
}

export interface Product {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: CategoryId;
  material: string;
  priceMinor: number;
  /** The former price when the product is on sale; null otherwise. */
  compareAtMinor: number | null;
  status: ProductStatus;
  featured: boolean;
  colours: Colour[];
  /** In display order. */
  sizes: string[];
  variants: Variant[];
  images: ProductImage[];
  createdAt: string;
  updatedAt: string;
  /**
   * The product's version: greater after every write of it (an edit, an order taking stock).
   * The editor's stale-edit check compares it; compare for equality or order of one product only.
   */
  seq: number;
  /** Its approved reviews in numbers, once it has had any; written by the reviews only (setRating). */
  rating?: RatingSummary;
  /**
   * Its own prices in markets not priced at base, by market id (decision 0030); absent when it has
   * none. A write that leaves this out keeps the stored ones; `{}` clears them.
   */
  marketPrices?: MarketPrices;
}

/**
 * What a caller provides to create or replace a product; the store assigns seq and timestamps
 * when absent, and keeps the stored rating whatever the caller sends.
 */
export type ProductInput = Omit<Product, "seq" | "createdAt" | "updatedAt" | "rating"> & {
  createdAt?: string;
  updatedAt?: string;
};
