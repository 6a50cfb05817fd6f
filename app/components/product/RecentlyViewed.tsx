import { useEffect, useState, type ComponentType } from "react";
import type { RecentlyViewedProps } from "./RecentlyViewedList";

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
