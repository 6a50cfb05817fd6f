import type { Address } from "./commerce";

/** A delivery address in a shopper's address book. */
export interface SavedAddress extends Address {
  id: string;
  /** The one checkout offers first; at most one per shopper. */
  isDefault: boolean;
  createdAt: string;
}
