/** One saved product, with the price it had when saved (a later, lower price is a price drop). */
export interface WishlistItem {
  productId: string;
  savedPriceMinor: number;
  savedAt: string;
}
