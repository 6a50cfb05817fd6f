import type { AppLoadContext } from "@remix-run/node";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DeleteWithConfirmation } from "~/components/admin/DeleteWithConfirmation";
import { AuditList } from "~/components/admin/AuditList";
import { ProductEditor } from "~/components/admin/ProductEditor";
import { FormErrors } from "~/components/forms/Field";
import { seo } from "~/lib/seo";
import { deleteConfirmation } from "~/server/http/delete-confirmation.server";
import { firstError, replyFor } from "~/lib/form-reply";
import { allows, requirePermission } from "~/server/http/permissions.server";
import {
  marketPricesEditor,
  productEditorAction,
  readProductForm,
  tooLargeAnswer,
  type ProductFormData,
} from "~/routes/admin.products.new/product-form.server";
import { formDefaultsOf } from "~/server/services/admin-catalog/admin-catalog.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { isValidId } from "~/lib/route-params";
import { notFound } from "~/server/http/not-found.server";
import { EditorPage } from "~/components/admin/EditorPage";

const HISTORY_SIZE = 20;

export const meta: MetaFunction<typeof loader> = (args) =>
  seo(args, {
    title: args.data ? `Edit: ${args.data.product.name}` : "Edit product",
    description: "Edit a product.",
    noindex: true,
  });

async function findProduct(request: Request, context: AppLoadContext, id: string | undefined) {
  const product = isValidId(id) ? await context.shop.adminCatalog.get(id) : null;
  if (!product) throw notFound(request);
  return product;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requirePermission(request, context, "catalogue.view");
  const product = await findProduct(request, context, params.id);
  const history = await context.shop.audit.listViews({
    entityType: "product",
    entityId: product.id,
    limit: HISTORY_SIZE,
  });
  return {
    product,
    defaults: formDefaultsOf(product),
    history,
    textsOnly: !allows(staff, "catalogue.manage"),
    marketPrices: await marketPricesEditor(context.shop, product),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requirePermission(request, context, "catalogue.editTexts");
  const { actor } = staff;
  const product = await findProduct(request, context, params.id);
  const formData = await readProductForm(request);
  if (!formData) return tooLargeAnswer({ ...formDefaultsOf(product) });
  const intent = formData.get("intent");
  if (intent === "delete" || intent === "confirm-delete") {
    await requirePermission(request, context, "catalogue.manage");
    // The first press only asks; the second (intent=confirm-delete) deletes or archives.
    const asked = await deleteConfirmation(formData, request);
    if (asked) return asked;
    const result = await context.shop.adminCatalog.remove(product.id, actor);
    return redirectWithFlash(
      "/admin/products",
      result.outcome === "archived"
        ? `“${product.name}” appears in orders, so it was archived instead of deleted.`
        : `Deleted “${product.name}”.`,
    );
  }
  // A content editor saves texts and images: what the form leaves out of the rest is taken as
  // stored, and the catalogue service refuses any change to it.
  return productEditorAction(request, context, formData, actor, product.id, {
    textsOnly: !allows(staff, "catalogue.manage"),
    stored: formDefaultsOf(product),
  });
}

const STATUS_LABEL = { draft: "draft", active: "active", archived: "archived" } as const;

export default function EditProduct() {
  const { product, defaults, history, textsOnly, marketPrices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const deleteReply = replyFor(actionData, "delete");
  const deleteError = firstError(deleteReply)?.message;
  const editorData = deleteReply ? undefined : (actionData as ProductFormData | undefined);
  return (
    <EditorPage
      back={{ to: "/admin/products", label: "All products" }}
      title="Edit product"
      width="wide"
      intro={
        <p className="mt-2 text-sm text-stone-600">
          {product.name} ({STATUS_LABEL[product.status]}){" "}
          {product.status === "active" ? (
            <Link to={`/products/${product.id}`} className="underline">
              View in the shop
            </Link>
          ) : (
            "— not in the shop"
          )}
        </p>
      }
      notice={editorData?.notice}
      form={
        <ProductEditor
          // A new answer from the server starts the form afresh from the values it sends back.
          key={JSON.stringify(editorData?.result.initialValue ?? null)}
          defaults={defaults}
          result={editorData?.result}
          expectedSeq={product.seq}
          submitLabel="Save product"
          textsOnly={textsOnly}
          marketPrices={marketPrices}
        />
      }
    >
      <section aria-labelledby="history-heading" className="mt-12 border-t border-stone-200 pt-8">
        <h2 id="history-heading" className="text-lg font-semibold">
          Change history
        </h2>
        <div className="mt-4">
          <AuditList entries={history.entries} />
        </div>
        {history.nextBefore ? (
          <p className="mt-3 text-sm">
            <Link
              to={`/admin/audit?entityType=product&entityId=${encodeURIComponent(product.id)}`}
              className="underline"
            >
              Every change to this product
            </Link>
          </p>
        ) : null}
      </section>

      {/* Deleting is the catalogue manager's, not a texts-only role's. */}
      {textsOnly ? null : (
        <section aria-labelledby="delete-heading" className="mt-12 border-t border-stone-200 pt-8">
          <h2 id="delete-heading" className="text-lg font-semibold">
            Delete this product
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            A product that appears in orders is archived instead, so the orders keep their details.
          </p>
          <FormErrors id="delete-errors" errors={deleteError ? [deleteError] : undefined} />
          <DeleteWithConfirmation
            confirming={Boolean(deleteReply && !deleteError)}
            question={`Are you sure? “${product.name}” will be deleted for good (or archived if it appears in orders).`}
            confirmLabel="Yes, delete this product"
            buttonLabel="Delete product"
            cancelTo={`/admin/products/${product.id}/edit`}
          />
        </section>
      )}
    </EditorPage>
  );
}
