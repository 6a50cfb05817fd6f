import { Link } from "@remix-run/react";
import { HIGH_FETCH_PRIORITY } from "~/lib/fetch-priority";
import type { ProductSummary } from "~/server/services/catalog/catalog-index.server";
import { responsiveImage } from "~/lib/responsive-image";
import { Price } from "./Price";
import { SaveButton } from "./SaveButton";
import { Stars } from "./Stars";
import { ratingText } from "~/lib/reviews";

/** `saved`: whether the shopper saved it (undefined: no Save button); `first`: the grid's first, its largest paint. */
export function ProductCard({
  product,
  eager = false,
  first = false,
  saved,
}: {
  product: ProductSummary;
  eager?: boolean;
  first?: boolean;
  saved?: boolean;
}) {
  return (
    <article className="group relative">
      <div className="aspect-[4/5] overflow-hidden rounded-lg bg-stone-100">
        {product.image ? (
          <img
            src={product.image.url}
            {...responsiveImage(product.image, "(min-width: 1024px) 25vw, 50vw")}
            alt={product.image.alt}
            width={product.image.width}
            height={product.image.height}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            {...(first ? HIGH_FETCH_PRIORITY : {})}
            className="h-full w-full object-cover motion-safe:transition motion-safe:duration-300 motion-safe:group-hover:scale-[1.02]"
          />
        ) : null}
      </div>
      <h3 className="mt-3 text-sm font-medium text-stone-900">
        <Link
          to={
            product.colour
              ? `/products/${product.id}?colour=${encodeURIComponent(product.colour)}`
              : `/products/${product.id}`
          }
          prefetch="intent"
          className="after:absolute after:inset-0"
        >
          {product.name}
        </Link>
      </h3>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-x-2">
        <Price priceMinor={product.priceMinor} compareAtMinor={product.compareAtMinor} />
        {product.soldOut ? <span className="text-xs font-medium text-stone-500">Sold out</span> : null}
      </div>
      {product.rating ? (
        <p className="mt-1 flex items-center gap-1 text-xs text-stone-600">
          <Stars rating={product.rating.average} />
          <span aria-hidden="true">
            {product.rating.average.toFixed(1)} ({product.rating.count})
          </span>
          <span className="sr-only">{ratingText(product.rating.average, product.rating.count)}</span>
        </p>
      ) : null}
      <ul className="mt-2 flex gap-1" aria-label={`Colours: ${product.colours.map((c) => c.name).join(", ")}`}>
        {product.colours.map((c) => (
          <li
            key={c.name}
            className="swatch h-3.5 w-3.5 rounded-full border border-stone-300"
            style={{ backgroundColor: c.hex }}
            title={c.name}
          />
        ))}
      </ul>
      {/* Last in the card, though drawn over the picture: the product's own link comes first to a keyboard and a screen reader. */}
      {saved !== undefined ? (
        <SaveButton
          productId={product.id}
          productName={product.name}
          saved={saved}
          className="absolute right-2 top-2 z-10"
        />
      ) : null}
    </article>
  );
}

/** `eagerCount`: how many of the first images load at once (above the fold). */
/** `savedIds`: the shopper's saved products, for each card's Save button. */
export function ProductGrid({
  products,
  eagerCount = 0,
  savedIds,
}: {
  products: ProductSummary[];
  eagerCount?: number;
  savedIds?: readonly string[];
}) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((p, i) => (
        // The cards past the first rows wait to be laid out until they near the screen.
        <li key={p.id} className={eagerCount > 0 && i >= eagerCount ? "render-when-near-card" : undefined}>
          <ProductCard
            product={p}
            eager={i < eagerCount}
            first={i === 0 && eagerCount > 0}
            saved={savedIds ? savedIds.includes(p.id) : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
