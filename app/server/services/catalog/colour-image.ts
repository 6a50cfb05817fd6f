import { taggedImage } from "~/lib/colour-images";
import type { Product, ProductImage } from "~/domain/product";

// The picture a cart or order line shows: one of the colour chosen, not simply the product's first.
// An image the editor tagged with the colour comes first. Untagged images are read for what they
// say: the shop's generated pictures are named by the colour's hex code, and an image's alt text
// names its colour ("Linen shirt in Navy, front view"). The first image when none is of that colour.

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function imageForColour(product: Pick<Product, "images" | "colours">, colourName: string): ProductImage | null {
  const hex = product.colours
    .find((c) => c.name === colourName)
    ?.hex.replace(/^#/, "")
    .toLowerCase();
  const named = new RegExp(`\\b${escape(colourName)}\\b`, "i");
  return (
    taggedImage(product.images, colourName) ??
    (hex ? product.images.find((i) => i.url.toLowerCase().endsWith(`/${hex}.svg`)) : undefined) ??
    product.images.find((i) => named.test(i.alt)) ??
    product.images[0] ??
    null
  );
}
