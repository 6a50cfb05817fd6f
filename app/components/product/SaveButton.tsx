import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { firstError, type FormReply } from "~/lib/form-reply";

/**
 * "Save" / "Saved": a plain form posting to /wishlist (which redirects back here); with
 * JavaScript the same form goes through a fetcher and the button flips in place.
 */
export function SaveButton({
  productId,
  productName,
  saved,
  className = "",
}: {
  productId: string;
  productName: string;
  saved: boolean;
  className?: string;
}) {
  const fetcher = useFetcher<{ saved?: boolean; message?: string; result?: FormReply }>();
  // A refusal (an expired form, say) is said beside the button, which stays as it was.
  const refusal = fetcher.state === "idle" ? firstError(fetcher.data?.result)?.message : undefined;
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const pending = fetcher.formData?.get("want");
  const isSaved = pending !== undefined && pending !== null ? pending === "1" : (fetcher.data?.saved ?? saved);
  return (
    <fetcher.Form method="post" action="/wishlist" className={className}>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="want" value={isSaved ? "0" : "1"} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="inPlace" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={isSaved}
        className="rounded-full border border-stone-300 bg-white px-3 py-1 text-xs font-medium text-stone-800 hover:bg-stone-50"
      >
        <span aria-hidden="true">{isSaved ? "♥ " : "♡ "}</span>
        {isSaved ? "Saved" : "Save"}
        <span className="sr-only"> {productName}</span>
      </button>
      {refusal ? (
        <span role="alert" className="ml-2 text-xs text-red-700">
          {refusal}
        </span>
      ) : null}
      {fetcher.data?.message && fetcher.state === "idle" ? (
        <span role="status" className="sr-only">
          {fetcher.data.message}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
