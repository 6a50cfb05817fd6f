import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { clearSession, readSessionToken } from "~/server/http/session.server";
import { readForm } from "~/server/http/form-body.server";
import { csrfProblem } from "~/server/http/csrf.server";
import { resourceRoute } from "~/server/http/resource-route.server";

// Sign-out is a POST with a CSRF token, so no other site can sign a shopper out.
// Signing out redirects to the home page.
export const action = resourceRoute(async ({ request, context }: ActionFunctionArgs) => {
  const formData = await readForm(request);
  const problem = await csrfProblem(formData, request);
  if (problem) throw new Response(problem, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  await context.shop.accounts.signOut(await readSessionToken(request));
  return redirect("/", { status: 303, headers: { "Set-Cookie": await clearSession() } });
});

export const loader = resourceRoute(() => redirect("/"));
