import type { ProductImage } from "~/domain/product";

// Which pictures a colour shows: the images tagged with it, then the untagged ones (they show
// every colour), then the other colours' images. Order within each group is the editor's order.

export function imagesForColour<T extends Pick<ProductImage, "colour">>(
  images: readonly T[],
  colour: string | null | undefined,
): T[] {
  if (!colour) return [...images];
  const rank = (image: T) => (image.colour === colour ? 0 : image.colour ? 2 : 1);
  // Array.prototype.sort is stable, so each group keeps its order.
  return [...images].sort((a, b) => rank(a) - rank(b));
}

/** The first image tagged with `colour`, or undefined. */
export function taggedImage<T extends Pick<ProductImage, "colour">>(
  images: readonly T[],
  colour: string,
): T | undefined {
  return images.find((image) => image.colour === colour);
}
