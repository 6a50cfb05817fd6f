// Product photos uploaded in the back office are stored as WebP at 400, 800 and 1200 px wide
// (never wider than the original): /uploads/products/{name}-{width}.webp, the product keeping
// the largest. From that URL and width the browser gets every size, to pick the one it needs.

const UPLOADED = /^(\/uploads\/products\/[a-f0-9]{32})-(\d{2,4})\.webp$/;
const WIDTHS = [400, 800, 1200];

/** srcSet and sizes for an uploaded photo; nothing for other images (the generated SVGs scale). */
export function responsiveImage(
  image: { url: string; width: number },
  sizes: string,
): { srcSet?: string; sizes?: string } {
  const match = UPLOADED.exec(image.url);
  if (!match || Number(match[2]) !== image.width) return {};
  const widths = [...WIDTHS.filter((w) => w < image.width), image.width];
  return { srcSet: widths.map((w) => `${match[1]}-${w}.webp ${w}w`).join(", "), sizes };
}
