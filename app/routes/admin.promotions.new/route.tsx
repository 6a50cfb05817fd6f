import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { PromotionForm } from "~/components/admin/PromotionForm";
import { seo } from "~/lib/seo";
import { readForm } from "~/server/http/form-body.server";
import { promotionEditorAction } from "~/routes/admin.promotions.new/promotion-form.server";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "New promotion", description: "Create a discount code or automatic promotion.", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "promotions.manage");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, "promotions.manage");
  return promotionEditorAction(request, await readForm(request), actor, null);
}

const EMPTY = { name: "", code: "", kind: "percentage", combinable: "on" };

export default function NewPromotion() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm">
        <Link to="/admin/promotions" className="underline">
          All promotions
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">New promotion</h1>
      <div className="mt-8">
        <PromotionForm defaults={EMPTY} lastResult={actionData?.result} submitLabel="Create promotion" />
      </div>
    </div>
  );
}
