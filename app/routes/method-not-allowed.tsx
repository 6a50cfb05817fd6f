import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { DISALLOWED_METHOD } from "~/server/http/method-guard.server";

// Where scripts/server.mjs's method guard sends a PUT, DELETE or PATCH to a page: the shop's error
// page with 405 (the guard adds Allow). Routed here, not to the page asked for, so none of that
// page's loaders (a sign-in redirect, say) answers instead. Asked for directly, there is no page.
export async function loader({ context }: LoaderFunctionArgs) {
  if (context[DISALLOWED_METHOD]) throw data(null, { status: 405 });
  throw data("Page not found", { status: 404 });
}

export default function MethodNotAllowed() {
  return null;
}
