import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { AppContext } from "~/server/context.server";
import { createLoadContext } from "~/server/load-context.server";

// Calls to the admin API's route modules as the server would make them, without a server: the
// path is matched to its route file (the same table the OpenAPI document's paths follow), GET goes
// to the loader and every other method to the action.

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<Response>;
type RouteModule = { loader?: Handler; action?: Handler };

export const API_ROUTES: Array<{ template: string; module: () => Promise<RouteModule> }> = [
  { template: "/openapi.json", module: () => import("~/routes/api.v1.openapi[.]json") },
  { template: "/products", module: () => import("~/routes/api.v1.products._index") },
  { template: "/products/{id}", module: () => import("~/routes/api.v1.products.$id._index") },
  { template: "/products/{id}/variants/{sku}", module: () => import("~/routes/api.v1.products.$id.variants.$sku") },
  { template: "/orders", module: () => import("~/routes/api.v1.orders._index") },
  { template: "/orders/{id}", module: () => import("~/routes/api.v1.orders.$id._index") },
  { template: "/orders/{id}/shipment", module: () => import("~/routes/api.v1.orders.$id.shipment") },
  { template: "/orders/{id}/refunds", module: () => import("~/routes/api.v1.orders.$id.refunds") },
  { template: "/customers", module: () => import("~/routes/api.v1.customers._index") },
  { template: "/customers/{id}", module: () => import("~/routes/api.v1.customers.$id") },
  { template: "/returns", module: () => import("~/routes/api.v1.returns._index") },
];

function match(pathname: string): {
  template: string;
  params: Record<string, string>;
  route: (typeof API_ROUTES)[number];
} {
  const parts = pathname.split("/").filter(Boolean);
  for (const route of API_ROUTES) {
    const names = route.template.split("/").filter(Boolean);
    if (names.length !== parts.length) continue;
    const params: Record<string, string> = {};
    if (
      names.every((name, i) => {
        const param = /^\{(\w+)\}$/.exec(name);
        if (param) params[param[1]!] = decodeURIComponent(parts[i]!);
        return param !== null || name === parts[i];
      })
    )
      return { template: route.template, params, route };
  }
  throw new Error(`No API route for ${pathname}`);
}

export interface ApiCallOptions {
  key?: string | null;
  /** JSON-encoded unless `raw` is set. */
  body?: unknown;
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** `callApi(shop, "PATCH", "/products/p1/variants/SKU?x=1", { key, body })` → the Response and the path's template. */
export async function callApi(shop: AppContext, method: string, path: string, options: ApiCallOptions = {}) {
  const url = new URL(`http://shop.test/api/v1${path}`);
  const { template, params, route } = match(url.pathname.slice("/api/v1".length));
  const headers = new Headers(options.headers);
  if (options.key) headers.set("Authorization", `Bearer ${options.key}`);
  const hasBody = options.body !== undefined || options.raw !== undefined;
  if (hasBody) headers.set("Content-Type", options.contentType ?? "application/json");
  const request = new Request(url, {
    method,
    headers,
    body: hasBody ? (options.raw ?? JSON.stringify(options.body)) : undefined,
  });
  const module = await route.module();
  const handler = method === "GET" || method === "HEAD" ? module.loader : module.action;
  if (!handler) throw new Error(`${template} has no ${method === "GET" ? "loader" : "action"}`);
  let response: Response;
  try {
    // The load context scripts/server.mjs hands each request, for `shop`.
    const context = createLoadContext(shop, { clientAddress: null, disallowedMethod: null, earlyVisit: null });
    response = await handler({ request, params, context } as LoaderFunctionArgs & ActionFunctionArgs);
  } catch (thrown) {
    if (thrown instanceof Response) response = thrown;
    else throw thrown;
  }
  return { response, template };
}
