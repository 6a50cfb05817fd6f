// A return as the order records it (its rules are in return.ts, which reads the order).

export type ReturnStatus = "requested" | "approved" | "rejected" | "received" | "refunded";

export interface ReturnLine {
  sku: string;
  quantity: number;
  /** Chosen when the parcel is received: whether the units go back on sale. */
  restock: boolean | null;
}

export interface ReturnRequest {
  id: string;
  /** Shown to people: "R-" + order number + "-" + its place among the order's returns. */
  number: string;
  lines: ReturnLine[];
  reason: string;
  status: ReturnStatus;
  /** The shop's message to the shopper with its latest decision. */
  message: string | null;
  /** The refund that settled it. */
  refundId: string | null;
  createdAt: string;
  updatedAt: string;
}
