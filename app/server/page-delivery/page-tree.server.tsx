import type { EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { ErrorTitleSignal } from "~/lib/error-title";
import { NonceContext } from "~/lib/nonce";
import { RequestReferenceContext } from "~/lib/request-reference";

/** How long a render may wait for data before React gives up on it (the shop defers none). */
export const ABORT_DELAY = 5_000;

/** Raised while the shell renders when the page shows form errors: its title then starts "Error: ". */
export interface ErrorTitle {
  raised: boolean;
}

/** The page as React renders it: Remix's server with this response's nonce and request reference. */
export function pageTree(
  remixContext: EntryContext,
  url: string,
  nonce: string,
  reference: string | null,
  errorTitle: ErrorTitle,
) {
  return (
    <NonceContext.Provider value={nonce}>
      <RequestReferenceContext.Provider value={reference}>
        <ErrorTitleSignal.Provider value={errorTitle}>
          <RemixServer context={remixContext} url={url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </ErrorTitleSignal.Provider>
      </RequestReferenceContext.Provider>
    </NonceContext.Provider>
  );
}
