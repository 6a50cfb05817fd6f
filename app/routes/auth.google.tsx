import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { signedInHeaders } from "~/server/http/cart-cookie.server";
import { csrfProblem } from "~/server/http/csrf.server";
import { readForm } from "~/server/http/form-body.server";
import { resourceRoute } from "~/server/http/resource-route.server";
import { GOOGLE_SIGN_IN_FAILED } from "~/lib/auth-schemas";

// Google popup sign-in (Firebase backend): the browser posts the ID token it got from the popup;
// the server turns it into a session cookie. A resource route answering JSON: only JavaScript calls it.
export const action = resourceRoute(async ({ request, context }: ActionFunctionArgs) => {
  const formData = await readForm(request);
  const problem = await csrfProblem(formData, request);
  if (problem) return Response.json({ success: false, error: problem }, { status: 403 });
  const idToken = formData.get("idToken");
  if (typeof idToken !== "string" || !idToken || idToken.length > 10_000) {
    return Response.json({ success: false, error: GOOGLE_SIGN_IN_FAILED }, { status: 400 });
  }
  const result = await context.shop.accounts.signInWithGoogle(idToken);
  if (!result.success) return Response.json({ success: false, error: result.error }, { status: 401 });
  return redirect(safeRedirect(formData.get("redirectTo"), "/"), {
    status: 303,
    headers: await signedInHeaders(request, context, result),
  });
});

export const loader = resourceRoute(() => redirect("/auth/login"));
