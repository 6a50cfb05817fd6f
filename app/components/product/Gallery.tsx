import type { ProductImage } from "~/server/store/types";

/**
 * Every image is a plain link to its full-size file, so the gallery works without JavaScript.
 * (The lightbox enhancement opens these links in a viewer when JS runs.)
 */
export function Gallery({ images }: { images: ProductImage[] }) {
  if (images.length === 0) {
    return <div className="aspect-[4/5] rounded-lg bg-stone-100" aria-label="No image available" />;
  }
  const [first, ...rest] = images;
  return (
    <div className="grid grid-cols-2 gap-3" data-gallery>
      <a href={first.url} className="col-span-2 block overflow-hidden rounded-lg bg-stone-100" aria-label={`Open image 1 of ${images.length}: ${first.alt}`}>
        <img src={first.url} alt={first.alt} width={first.width} height={first.height} className="h-full w-full object-cover" />
      </a>
      {rest.map((img, i) => (
        <a key={img.url} href={img.url} className="block overflow-hidden rounded-lg bg-stone-100" aria-label={`Open image ${i + 2} of ${images.length}: ${img.alt}`}>
          <img src={img.url} alt={img.alt} width={img.width} height={img.height} loading="lazy" decoding="async" className="h-full w-full object-cover" />
        </a>
      ))}
    </div>
  );
}
