import type { AppLoadContext } from "@remix-run/node";
import { savedAddressSchema } from "~/lib/address-schema";
import { requireUser } from "~/server/http/session.server";
import type { AppContext } from "~/server/context.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { formFailure, formGuardProblem } from "~/server/http/forms.server";
import { parseForm } from "~/server/http/form-shape.server";

const toProfile = (message: string) => redirectWithFlash("/profile#addresses", message);

/** The address form's action, adding (id null) or editing one address, or deleting / making it the default. */
export async function addressBookAction(request: Request, context: AppLoadContext, id: string | null) {
  const state = await requireUser(request, context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const { addressBook } = context.shop;
  const problem = await formGuardProblem(formData, request);
  const fail = (message: string, status: number) =>
    formFailure({ status: "error", initialValue: { intent: String(intent ?? "") }, error: { "": [message] } }, status);

  if (intent === "save") {
    const submission = parseForm(formData, { schema: savedAddressSchema });
    if (problem) return formFailure(submission.reply({ formErrors: [problem.message] }), problem.status);
    if (submission.status !== "success") return formFailure(submission.reply());
    const { makeDefault, ...address } = submission.value;
    const result = id
      ? await addressBook.update(state.user.uid, id, address, makeDefault)
      : await addressBook.add(state.user.uid, address, makeDefault);
    if (!result.ok)
      return formFailure(
        submission.reply(
          result.field ? { fieldErrors: { [result.field]: [result.error] } } : { formErrors: [result.error] },
        ),
        result.status,
      );
    return toProfile(id ? "Your address has been updated." : "Your address has been saved.");
  }
  if (problem) return fail(problem.message, problem.status);
  if (id && intent === "delete") {
    const result = await addressBook.remove(state.user.uid, id);
    if (!result.ok) return fail(result.error, result.status);
    return toProfile("The address has been deleted.");
  }
  if (id && intent === "make-default") {
    const result = await addressBook.makeDefault(state.user.uid, id);
    if (!result.ok) return fail(result.error, result.status);
    return toProfile("Your default delivery address has been changed.");
  }
  return fail("Unknown action. Please try again.", 400);
}

/** What the address form offers: the countries the shipping zones deliver to, the shop's own first chosen. */
export async function addressFormChoices({ shipping }: Pick<AppContext, "shipping">) {
  const countries = await shipping.countries();
  return { countries: countries.map((c) => ({ code: c.code, name: c.name })), homeCountry: shipping.homeCountry };
}
