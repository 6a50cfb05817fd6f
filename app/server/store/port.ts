import type { Post, PostInput, Product, ProductInput, Profile, ProfilePatch } from "./types";

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

/** Thrown by PostStore.save when another post already has the slug. */
export class PostSlugTakenError extends Error {
  readonly slug: string;
  constructor(slug: string) {
    super(`The slug "${slug}" is already used by another post`);
    this.slug = slug;
    this.name = "PostSlugTakenError";
  }
}

export interface PostStore {
  get(id: string): Promise<Post | null>;
  getBySlug(slug: string): Promise<Post | null>;
  /** Every post, whatever its status: newest publishAt first, then newest createdAt (posts without a date first). */
  list(): Promise<Post[]>;
  count(): Promise<number>;
  /** Create or replace one post; rejects with PostSlugTakenError when another post has its slug. */
  save(post: PostInput): Promise<Post>;
  /** False when there was no such post. */
  delete(id: string): Promise<boolean>;
}

export interface Store {
  readonly kind: "sqlite" | "firestore";
  products: ProductStore;
  profiles: ProfileStore;
  posts: PostStore;
  /** Resolves when the store answers; rejects otherwise (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
