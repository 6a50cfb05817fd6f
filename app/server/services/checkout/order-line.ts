import type { OrderLine } from "~/domain/commerce";
import type { Product, ProductInput } from "~/domain/product";
import { imageForColour } from "../catalog/colour-image";
import { isGiftCardVariant, NO_GIFT_CARD_DETAILS, type GiftCardLineDetails } from "~/domain/gift-card-product";

/** What an order keeps of a product's variant: a snapshot that later catalogue edits never change. */
export function orderLineFor(
  product: Product | ProductInput,
  size: string,
  colour: string,
  quantity: number,
  /** A gift card line's recipient, message and send date, as the cart holds them. */
  giftCard?: GiftCardLineDetails,
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
    unitPriceMinor: variant.giftCardMinor ?? product.priceMinor,
    compareAtMinor:
      !isGiftCardVariant(variant) && product.compareAtMinor && product.compareAtMinor > product.priceMinor
        ? product.compareAtMinor
        : null,
    quantity,
    imageUrl: imageForColour(product, colour)?.url ?? null,
    ...(isGiftCardVariant(variant) ? { giftCard: giftCard ?? NO_GIFT_CARD_DETAILS } : {}),
  };
}

/**
 * An order knows each line by its SKU (refunds and returns name lines by it). Two gift cards of one
 * amount for different people are two lines of one variant: the second is kept as "SKU#2", so
 * either card can be refunded alone. Other lines are one per variant already (the cart merges them).
 */
export function withDistinctSkus(lines: OrderLine[]): OrderLine[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const count = (seen.get(line.sku) ?? 0) + 1;
    seen.set(line.sku, count);
    return count === 1 ? line : { ...line, sku: `${line.sku}#${count}` };
  });
}
