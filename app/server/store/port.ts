import type { Product, ProductInput, Profile, ProfilePatch } from "./types";

// The data port. Services depend on these interfaces only; each backend (sqlite/, firestore/)
// implements them and the shared contract suites in tests/contract prove they behave alike.
// Every method is async so a networked backend fits the same shape as the embedded one.

export interface ProductStore {
  get(id: string): Promise<Product | null>;
  getBySlug(slug: string): Promise<Product | null>;
  /**
   * Products written after change number `afterSeq`, oldest change first, at most `limit`.
   * In-process indexes call this to catch up with only what changed.
   */
  changedSince(afterSeq: number, limit: number): Promise<Product[]>;
  count(): Promise<number>;
  /** Create or replace whole products (seeding, imports). Assigns each a new seq. */
  upsertMany(products: ProductInput[]): Promise<void>;
}

export interface ProfileStore {
  get(uid: string): Promise<Profile | null>;
  /** Create the profile unless one exists; returns the stored one either way (never overwrites a role). */
  createIfMissing(profile: Profile): Promise<Profile>;
  /** Merge the patch and refresh updatedAt; null when there is no such profile. */
  update(uid: string, patch: ProfilePatch, updatedAt: string): Promise<Profile | null>;
}

export interface Store {
  readonly kind: "sqlite" | "firestore";
  products: ProductStore;
  profiles: ProfileStore;
  /** Resolves when the store answers; rejects otherwise (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
