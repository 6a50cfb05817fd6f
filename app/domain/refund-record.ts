// A refund as the order records it (its rules are in refund.ts, which reads the order).

export interface RefundLine {
  /** The order line's SKU (one line per SKU in an order). */
  sku: string;
  quantity: number;
  /** Whether these units go back on sale (by default: yes before shipping, no after). */
  restock: boolean;
}

/**
 * pending: the amount is held against the order while the processor is asked, so two refunds
 * racing cannot both be sent; succeeded: the processor refunded it, stock moved by the lines' choice.
 */
export type RefundState = "pending" | "succeeded";

export interface Refund {
  id: string;
  amountMinor: number;
  reason: string;
  lines: RefundLine[];
  state: RefundState;
  /** The processor's refund id, once it answered. */
  reference: string | null;
  /** The return this refund settles, when it came from one. */
  returnId: string | null;
  at: string;
  /** The acting admin's e-mail. */
  by: string;
  /** The part put back on the gift card that paid the order (the rest went to the card processor); missing: none. */
  giftCardMinor?: number;
}
