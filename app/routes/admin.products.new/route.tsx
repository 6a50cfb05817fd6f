import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProductEditor } from "~/components/admin/ProductEditor";
import { emptyProductForm } from "~/lib/product-form";
import { seo } from "~/lib/seo";
import {
  marketPricesEditor,
  productEditorAction,
  readProductForm,
  tooLargeAnswer,
} from "~/routes/admin.products.new/product-form.server";
import { EditorPage } from "~/components/admin/EditorPage";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "New product", description: "Add a product to the catalogue.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue.manage");
  return { marketPrices: await marketPricesEditor(context.shop, null) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, context, "catalogue.manage");
  const formData = await readProductForm(request);
  if (!formData) return tooLargeAnswer({ ...emptyProductForm() });
  return productEditorAction(request, context, formData, actor);
}

export default function NewProduct() {
  const actionData = useActionData<typeof action>();
  const { marketPrices } = useLoaderData<typeof loader>();
  return (
    <EditorPage
      back={{ to: "/admin/products", label: "All products" }}
      title="New product"
      width="wide"
      notice={actionData?.notice}
      form={
        <ProductEditor
          // A new answer from the server starts the form afresh from the values it sends back.
          key={JSON.stringify(actionData?.result.initialValue ?? null)}
          defaults={emptyProductForm()}
          result={actionData?.result}
          submitLabel="Save product"
          marketPrices={marketPrices}
        />
      }
    />
  );
}
