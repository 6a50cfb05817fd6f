import { Link } from "@remix-run/react";
import { Price } from "~/components/product/Price";
import { responsiveImage } from "~/lib/responsive-image";
import type { WishlistEntry } from "~/server/services/wishlist/wishlist.server";

/**
 * The shopper's saved products, shown on an empty cart as a way back to them: a small grid of
 * links. Products no longer on sale are left out (the wishlist page lists them for removal).
 */
export function SavedForLater({ items, signedIn }: { items: WishlistEntry[]; signedIn: boolean }) {
  const shown = items.filter((i) => !i.unavailable);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="saved-for-later-heading" className="mt-16">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="saved-for-later-heading" className="text-2xl font-semibold tracking-tight">
          {signedIn ? "Your wishlist" : "Saved for later"}
        </h2>
        <Link to="/wishlist" className="text-sm underline">
          All saved items
        </Link>
      </div>
      <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-4 lg:grid-cols-8">
        {shown.map((item) => (
          <li key={item.productId} className="group relative">
            <div className="aspect-[4/5] overflow-hidden rounded-lg bg-stone-100">
              {item.image ? (
                <img
                  src={item.image.url}
                  {...responsiveImage(item.image, "(min-width: 1024px) 12vw, 50vw")}
                  alt={item.image.alt}
                  width={item.image.width}
                  height={item.image.height}
                  loading="lazy"
                  decoding="async"
                  className="h-full w-full object-cover"
                />
              ) : null}
            </div>
            <h3 className="mt-2 text-sm font-medium text-stone-900">
              <Link to={`/products/${item.productId}`} prefetch="intent" className="after:absolute after:inset-0">
                {item.name}
              </Link>
            </h3>
            <Price priceMinor={item.priceMinor} compareAtMinor={item.compareAtMinor} />
            {item.soldOut ? <p className="text-xs font-medium text-stone-600">Sold out</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
