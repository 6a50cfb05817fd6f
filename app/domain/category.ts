// The shop's seven categories are fixed: static, and each id is its URL slug.
export type CategoryId = "t-shirts" | "jeans" | "sweaters" | "dresses" | "jackets" | "shoes" | "accessories";

export interface Category {
  id: CategoryId;
  slug: CategoryId;
  name: string;
  icon: string;
  description: string;
}

const category = (id: CategoryId, name: string, icon: string, description: string): Category => ({
  id,
  slug: id,
  name,
  icon,
  description,
});

export const CATEGORIES: readonly Category[] = [
  category("t-shirts", "T-Shirts", "👕", "Comfortable everyday t-shirts"),
  category("jeans", "Jeans", "👖", "Premium denim jeans in various cuts and washes"),
  category("sweaters", "Sweaters", "🧶", "Cozy sweaters and knitwear"),
  category("dresses", "Dresses", "👗", "Elegant dresses for any occasion"),
  category("jackets", "Jackets", "🧥", "Stylish jackets and outerwear"),
  category("shoes", "Shoes", "👟", "Comfortable fashionable footwear"),
  category("accessories", "Accessories", "👜", "Bags, jewelry and other fashion accessories"),
];

const byId = new Map(CATEGORIES.map((c) => [c.id, c]));

export function isCategoryId(value: unknown): value is CategoryId {
  return typeof value === "string" && byId.has(value as CategoryId);
}

export function getCategory(id: string): Category | undefined {
  return byId.get(id as CategoryId);
}
