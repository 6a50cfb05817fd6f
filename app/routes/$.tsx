import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";

// Every path no other route matches: 'Page not found' with status 404.
export async function loader(_: LoaderFunctionArgs) {
  throw data("Page not found", { status: 404 });
}

export async function action(_: LoaderFunctionArgs) {
  throw data("Page not found", { status: 404 });
}

export default function NotFound() {
  return null;
}
