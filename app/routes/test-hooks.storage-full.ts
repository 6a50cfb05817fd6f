import type { ActionFunctionArgs } from "@remix-run/node";
import { resourceRoute } from "~/server/http/resource-route.server";

// Tests only (HEMLINE_TEST_HOOKS=storage-full, which configuration refuses in production): POST full=on makes the
// embedded storage answer as a full disk does, full=off gives the room back, without a restart.
// Without that hook the path is a 404 like any unknown one.

const notFound = () => new Response("Not Found\n", { status: 404, headers: { "Cache-Control": "no-store" } });

export const loader = resourceRoute(async () => notFound());

export const action = resourceRoute(async ({ request, context }: ActionFunctionArgs) => {
  const hooks = context.shop.config.testHooks ? context.shop.backend.testHooks : undefined;
  if (!hooks) return notFound();
  const full = (await request.formData()).get("full");
  if (full !== "on" && full !== "off") return new Response("full must be on or off\n", { status: 400 });
  hooks.setStorageFull(full === "on");
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});
