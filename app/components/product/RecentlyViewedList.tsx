import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import {
  browserLocalStorage,
  recentlyViewed,
  RECENTLY_VIEWED_STORE,
  storeKey,
  type RecentlyViewedItem,
} from "~/lib/browser/client-store";
import { Price } from "./Price";
import { useCurrency, useRootData } from "~/components/layout/root-data";

export interface RecentlyViewedProps {
  /** The prefix of the shop's browser storage keys; the root loader's shopShortName by default. */
  shopShortName?: string;
  /** The product on screen: recorded as viewed, and left out of the list. */
  viewed?: RecentlyViewedItem;
}

export function RecentlyViewedList({ shopShortName: shop, viewed }: RecentlyViewedProps) {
  const root = useRootData();
  const currency = useCurrency();
  const shopShortName = shop ?? root.shopShortName;
  const [items, setItems] = useState<RecentlyViewedItem[]>([]);
  const viewedKey = viewed ? JSON.stringify(viewed) : "";

  useEffect(() => {
    const storage = browserLocalStorage();
    const current: RecentlyViewedItem | undefined = viewedKey ? JSON.parse(viewedKey) : undefined;
    setItems(recentlyViewed(storage, shopShortName, current));
    // Another tab viewed a product: show it here too.
    const key = storeKey(shopShortName, RECENTLY_VIEWED_STORE);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) setItems(recentlyViewed(storage, shopShortName));
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [shopShortName, viewedKey]);

  const shown = viewed ? items.filter((item) => item.id !== viewed.id) : items;
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-heading" className="mt-16">
      <h2 id="recently-viewed-heading" className="text-2xl font-semibold tracking-tight">
        Recently viewed
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-4 lg:grid-cols-8">
        {shown.map((item) => (
          <li key={item.id} className="group relative">
            <div className="aspect-[4/5] overflow-hidden rounded-lg bg-stone-100">
              {item.imageUrl ? (
                <img
                  src={item.imageUrl}
                  alt={item.imageAlt}
                  width={400}
                  height={500}
                  loading="lazy"
                  decoding="async"
                  className="h-full w-full object-cover"
                />
              ) : null}
            </div>
            <h3 className="mt-2 text-sm font-medium text-stone-900">
              <Link to={`/products/${item.id}`} prefetch="intent" className="after:absolute after:inset-0">
                {item.name}
              </Link>
            </h3>
            {item.currency === currency ? <Price priceMinor={item.priceMinor} compareAtMinor={null} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
