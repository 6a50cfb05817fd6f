import type { CategoryId } from "~/lib/categories";

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
  /** Monotonic change counter: lets in-process indexes catch up with only what changed. */
  seq: number;
}

/** What a caller provides to create or replace a product; the store assigns seq and timestamps when absent. */
export type ProductInput = Omit<Product, "seq" | "createdAt" | "updatedAt"> & {
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

/** What a profile update may change: merged into the stored profile (spec section 4). */
export type ProfilePatch = Partial<Pick<Profile, "displayName">>;
