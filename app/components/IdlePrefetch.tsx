import { PrefetchPageLinks } from "@remix-run/react";
import { useAfterDelay } from "~/lib/idle-prefetch";

/**
 * Once the page has been idle for a second, prefetch the pages a shopper is likely to open
 * next (their code and data), so that click is instant. Nothing on the server or without JS.
 */
export function IdlePrefetch({ pages }: { pages: string[] }) {
  const ready = useAfterDelay();
  if (!ready) return null;
  return (
    <>
      {pages.map((page) => (
        <PrefetchPageLinks key={page} page={page} />
      ))}
    </>
  );
}
