import type { AppLoadContext } from "@remix-run/node";
import { parsePublishAt } from "~/lib/blog";
import { BASE_CURRENCY, inputToMinor, minorToInput } from "~/domain/money";
import { promotionSchema, type PromotionFormValue } from "~/lib/promotion-schema";
import type { Promotion } from "~/domain/promotion";
import type { PromotionInput } from "~/server/services/promotions/promotions.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { formFailure, formGuardProblem } from "~/server/http/forms.server";
import { parseForm } from "~/server/http/form-shape.server";

// The promotion editor's action, shared by new and edit: validate, save (audited), 303 to the list.

const minor = (euros: string | undefined) => (euros ? inputToMinor(euros, BASE_CURRENCY) : null);

function inputOf(v: PromotionFormValue): PromotionInput {
  return {
    name: v.name,
    code: v.code ? v.code.toUpperCase() : null,
    kind: v.kind,
    percentOff: v.kind === "percentage" ? (v.percentOff ?? null) : null,
    amountOffMinor: v.kind === "fixed" ? minor(v.amountOff) : null,
    minimumSubtotalMinor: minor(v.minimumSubtotal),
    categories: v.categories ?? [],
    productIds: (v.productIds ?? "")
      .split(/[\s,]+/)
      .map((id) => id.trim())
      .filter(Boolean),
    startsAt: v.startsAt ? parsePublishAt(v.startsAt) : null,
    endsAt: v.endsAt ? parsePublishAt(v.endsAt) : null,
    usageLimit: v.usageLimit ?? null,
    perCustomerLimit: v.perCustomerLimit ?? null,
    combinable: v.combinable ?? false,
  };
}

/** The form's values for an existing promotion. */
export function promotionDefaults(p: Promotion) {
  const euros = (m: number | null) => minorToInput(m, BASE_CURRENCY);
  return {
    name: p.name,
    code: p.code ?? "",
    kind: p.kind,
    percentOff: p.percentOff === null ? "" : String(p.percentOff),
    amountOff: euros(p.amountOffMinor),
    minimumSubtotal: euros(p.minimumSubtotalMinor),
    categories: p.categories,
    productIds: p.productIds.join(", "),
    startsAt: p.startsAt ? p.startsAt.slice(0, 16) : "",
    endsAt: p.endsAt ? p.endsAt.slice(0, 16) : "",
    usageLimit: p.usageLimit === null ? "" : String(p.usageLimit),
    perCustomerLimit: p.perCustomerLimit === null ? "" : String(p.perCustomerLimit),
    combinable: p.combinable ? "on" : "",
  };
}

export async function promotionEditorAction(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  actor: string,
  id: string | null,
) {
  const submission = parseForm(formData, { schema: promotionSchema });
  const problem = await formGuardProblem(formData, request);
  if (problem) return formFailure(submission.reply({ formErrors: [problem.message] }), problem.status);
  if (submission.status !== "success") return formFailure(submission.reply(), 400);
  const saved = await context.shop.promotions.save(id, inputOf(submission.value), actor);
  if (!saved.ok) {
    return saved.reason === "code-taken"
      ? formFailure(submission.reply({ fieldErrors: { code: ["Another promotion already has this code."] } }), 409)
      : formFailure(submission.reply({ formErrors: ["This promotion no longer exists."] }), 404);
  }
  return redirectWithFlash("/admin/promotions", `Promotion ${saved.promotion.name} saved.`);
}
