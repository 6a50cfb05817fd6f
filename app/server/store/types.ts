import type { CategoryId } from "~/lib/categories";
import type { RatingSummary } from "./review-types";

// The catalogue's domain types, shared by every store adapter. Prices are integer minor units.

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
}

/**
 * What a caller provides to create or replace a product; the store assigns seq and timestamps
 * when absent, and keeps the stored rating whatever the caller sends.
 */
export type ProductInput = Omit<Product, "seq" | "createdAt" | "updatedAt" | "rating"> & {
  createdAt?: string;
  updatedAt?: string;
};

export type Role = "admin" | "user";

/** The spec's users/{uid} document. */
export interface Profile {
  uid: string;
  email: string;
  role: Role;
  displayName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What a profile update may change: merged into the stored profile. */
export type ProfilePatch = Partial<Pick<Profile, "displayName">>;

/** draft: never public; published and scheduled: public once publishAt has passed. */
export type PostStatus = "draft" | "published" | "scheduled";

export interface PostCover {
  /** /uploads/blog/{file} or a generated /media/v1 illustration. */
  url: string;
  alt: string;
}

export interface Post {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  /** Markdown source; rendered (raw HTML escaped) on the server only. */
  body: string;
  /** Null: the post shows a generated illustration. */
  cover: PostCover | null;
  tags: string[];
  status: PostStatus;
  /** ISO date the post is (or becomes) public; null for a draft that was never given one. */
  publishAt: string | null;
  readingMinutes: number;
  createdAt: string;
  updatedAt: string;
}

/** What a caller provides to create or replace a post; the store sets timestamps when absent. */
export type PostInput = Omit<Post, "createdAt" | "updatedAt"> & {
  createdAt?: string;
  updatedAt?: string;
};
