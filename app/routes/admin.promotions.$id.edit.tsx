import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PromotionForm } from "~/components/admin/PromotionForm";
import { seo } from "~/lib/seo";
import { readForm } from "~/server/http/form-body.server";
import { notFound } from "~/server/http/not-found.server";
import { promotionDefaults, promotionEditorAction } from "~/routes/admin.promotions.new/promotion-form.server";
import { EditorPage } from "~/components/admin/EditorPage";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Edit promotion", description: "Edit a discount code or automatic promotion.", noindex: true });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "promotions.manage");
  const promotion = await context.shop.promotions.get(params.id ?? "");
  if (!promotion) throw notFound(request);
  return { name: promotion.name, defaults: promotionDefaults(promotion) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, context, "promotions.manage");
  return promotionEditorAction(request, context, await readForm(request), actor, params.id ?? "");
}

export default function EditPromotion() {
  const { name, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <EditorPage
      back={{ to: "/admin/promotions", label: "All promotions" }}
      title={`Edit ${name}`}
      form={<PromotionForm defaults={defaults} lastResult={actionData?.result} submitLabel="Save promotion" />}
    />
  );
}
