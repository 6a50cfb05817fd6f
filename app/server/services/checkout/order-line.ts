import type { OrderLine } from "~/domain/commerce";
import type { Product, ProductInput } from "~/domain/product";
import { imageForColour } from "../catalog/colour-image";

/** What an order keeps of a product's variant: a snapshot that later catalogue edits never change. */
export function orderLineFor(
  product: Product | ProductInput,
  size: string,
  colour: string,
  quantity: number,
): OrderLine {
  const variant = product.variants.find((v) => v.size === size && v.colour === colour);
  if (!variant) throw new Error(`${product.id} has no ${colour} ${size}`);
  return {
    productId: product.id,
    slug: product.slug,
    name: product.name,
    sku: variant.sku,
    size,
    colour,
    unitPriceMinor: product.priceMinor,
    compareAtMinor:
      product.compareAtMinor && product.compareAtMinor > product.priceMinor ? product.compareAtMinor : null,
    quantity,
    imageUrl: imageForColour(product, colour)?.url ?? null,
  };
}
