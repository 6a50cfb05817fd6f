/** A shopper's wish to hear when one size × colour of a product is back in stock. */
export interface StockAlert {
  /** One per address and variant: derived from them, so a second sign-up finds the first. */
  id: string;
  /** Lower case. */
  email: string;
  productId: string;
  size: string;
  colour: string;
  createdAt: string;
  /** When the back-in-stock e-mail was claimed for sending; null while waiting. */
  sentAt: string | null;
}
