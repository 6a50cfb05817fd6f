import { createContext, useContext, useEffect, useState } from "react";

// The id of the request that rendered this page (X-Request-Id), shown on the error page as a
// reference a shopper can quote to support, and found again in the logs. entry.server provides it;
// in the browser, the page being hydrated carries it in the markup, and a page rendered later in the
// browser has no request of its own, so it shows none.
export const RequestReferenceContext = createContext<string | null>(null);

const ATTRIBUTE = "data-request-reference";
let hydrating = typeof document !== "undefined";

export function useRequestReference(): string | null {
  const fromServer = useContext(RequestReferenceContext);
  const [reference] = useState(
    () =>
      fromServer ?? (hydrating ? (document.querySelector(`[${ATTRIBUTE}]`)?.getAttribute(ATTRIBUTE) ?? null) : null),
  );
  useEffect(() => {
    hydrating = false;
  }, []);
  return reference;
}

export const referenceAttribute = (reference: string) => ({ [ATTRIBUTE]: reference });
