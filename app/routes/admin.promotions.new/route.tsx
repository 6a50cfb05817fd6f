import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { PromotionForm } from "~/components/admin/PromotionForm";
import { seo } from "~/lib/seo";
import { readForm } from "~/server/http/form-body.server";
import { promotionEditorAction } from "~/routes/admin.promotions.new/promotion-form.server";
import { EditorPage } from "~/components/admin/EditorPage";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "New promotion", description: "Create a discount code or automatic promotion.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "promotions.manage");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, context, "promotions.manage");
  return promotionEditorAction(request, context, await readForm(request), actor, null);
}

const EMPTY = { name: "", code: "", kind: "percentage", combinable: "on" };

export default function NewPromotion() {
  const actionData = useActionData<typeof action>();
  return (
    <EditorPage
      back={{ to: "/admin/promotions", label: "All promotions" }}
      title="New promotion"
      form={<PromotionForm defaults={EMPTY} lastResult={actionData?.result} submitLabel="Create promotion" />}
    />
  );
}
