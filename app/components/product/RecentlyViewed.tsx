import { useEffect, useState, type ComponentType } from "react";
import type { RecentlyViewedItem } from "~/lib/client-store";

export interface RecentlyViewedProps {
  /** The prefix of the shop's browser storage keys; the root loader's shopShortName by default. */
  shopShortName?: string;
  /** The product on screen: recorded as viewed, and left out of the list. */
  viewed?: RecentlyViewedItem;
}

/**
 * The shopper's recently viewed products, from this browser's storage. Renders nothing on the
 * server and nothing while the list is empty; its code loads after the page has hydrated.
 */
export function RecentlyViewed(props: RecentlyViewedProps) {
  const [List, setList] = useState<ComponentType<RecentlyViewedProps> | null>(null);
  useEffect(() => {
    let active = true;
    import("./RecentlyViewedList").then(
      (m) => active && setList(() => m.RecentlyViewedList),
      () => undefined, // an optional extra: without its code the page simply does without
    );
    return () => {
      active = false;
    };
  }, []);
  return List ? <List {...props} /> : null;
}
