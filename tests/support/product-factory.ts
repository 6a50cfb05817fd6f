import type { ProductInput } from "~/domain/product";

let counter = 0;

/** A valid product with sensible defaults; override what a test cares about. */
export function makeProduct(overrides: Partial<ProductInput> = {}): ProductInput {
  counter += 1;
  const id = overrides.id ?? `t${String(counter).padStart(5, "0")}`;
  const colours = overrides.colours ?? [
    { name: "Black", hex: "#1f1f1f" },
    { name: "Sage", hex: "#9caf88" },
  ];
  const sizes = overrides.sizes ?? ["S", "M", "L"];
  return {
    id,
    slug: `test-product-${id}`,
    name: `Test Product ${id}`,
    description: "A plain test product.",
    category: "t-shirts",
    material: "100% cotton",
    priceMinor: 2500,
    compareAtMinor: null,
    status: "active",
    featured: false,
    colours,
    sizes,
    variants: sizes.flatMap((size) =>
      colours.map((c) => ({ size, colour: c.name, sku: `${id}-${c.name}-${size}`.toUpperCase(), stock: 5 })),
    ),
    images: [{ url: "/media/v1/t-shirts/front/1f1f1f.svg", alt: "front", width: 800, height: 1000 }],
    createdAt: "2026-10-01T10:00:00.000Z",
    ...overrides,
  };
}
