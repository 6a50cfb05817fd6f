import { lazy, Suspense, type ComponentType } from "react";

/**
 * A section below the fold whose code the page does not need before it can be used (issue 27's
 * budget for a product page's JavaScript). The server renders it in place from `onServer` (a
 * `.server` module re-exporting it, empty in the browser build), so pages work without JavaScript;
 * in the browser its code loads after the page's own, and React keeps the server's HTML (plain
 * forms and links) until it arrives, then hydrates it. After a client navigation it shows once loaded.
 */
export function belowTheFold<P extends object>(
  onServer: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  // A lazy component takes the same props; React's types add a ref the sections never take.
  const Section = (onServer ?? lazy(() => load().then((component) => ({ default: component })))) as ComponentType<P>;
  function BelowTheFold(props: P) {
    return (
      <Suspense fallback={null}>
        <Section {...props} />
      </Suspense>
    );
  }
  return BelowTheFold;
}
