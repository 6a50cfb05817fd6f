import type { ActionFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { clearSession, readSessionToken } from "~/server/auth/session.server";
import { getContext } from "~/server/context.server";
import { csrfProblem } from "~/server/http/csrf.server";

// Sign-out is a POST with a CSRF token, so no other site can sign a shopper out.
// Spec section 2: logout redirects to /.
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const problem = await csrfProblem(formData, request);
  if (problem) throw data(problem, { status: 403 });
  await getContext().accounts.signOut(await readSessionToken(request));
  return redirect("/", { status: 303, headers: { "Set-Cookie": await clearSession() } });
}

export async function loader() {
  return redirect("/");
}
