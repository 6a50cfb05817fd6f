import { data } from "@remix-run/node";

/**
 * The 404 a route throws for a record that does not exist (or that the visitor may not see):
 * the error page shows "Page Not Found: {path}", the same words as for a path no route matches.
 */
export function notFound(request: Request) {
  return data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
}
