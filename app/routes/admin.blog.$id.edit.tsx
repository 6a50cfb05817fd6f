import type { AppLoadContext } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DeleteWithConfirmation } from "~/components/admin/DeleteWithConfirmation";
import { PostEditor, type EditorActionData } from "~/components/blog/PostEditor";
import { FormErrors } from "~/components/forms/Field";
import { toPublishAtInput } from "~/lib/blog";
import { seo } from "~/lib/seo";
import { deleteConfirmation } from "~/server/http/delete-confirmation.server";
import { firstError, replyFor } from "~/lib/form-reply";
import { formFailure } from "~/server/http/forms.server";
import { postEditorAction, readAdminForm, TOO_LARGE_MESSAGE } from "~/routes/admin.blog.new/post-form.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { isValidId } from "~/lib/route-params";
import { notFound } from "~/server/http/not-found.server";
import { EditorPage } from "~/components/admin/EditorPage";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction<typeof loader> = (args) =>
  seo(args, {
    title: args.data ? `Edit: ${args.data.post.title}` : "Edit blog post",
    description: "Edit a blog post.",
    noindex: true,
  });

async function findPost(request: Request, context: AppLoadContext, id: string | undefined) {
  const post = isValidId(id) ? await context.shop.blog.get(id) : null;
  if (!post) throw notFound(request);
  return post;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "blog.manage");
  const post = await findPost(request, context, params.id);
  return { post };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, context, "blog.manage");
  const post = await findPost(request, context, params.id);
  const formData = await readAdminForm(request);
  if (!formData) return formFailure({ status: "error", error: { "": [TOO_LARGE_MESSAGE] } }, 413);
  const intent = formData.get("intent");
  if (intent === "delete" || intent === "confirm-delete") {
    // The first press only asks; the second (intent=confirm-delete) deletes.
    const asked = await deleteConfirmation(formData, request);
    if (asked) return asked;
    await context.shop.blog.delete(post.id, actor);
    return redirectWithFlash("/admin/blog", `Deleted “${post.title}”.`);
  }
  return postEditorAction(request, context, formData, actor, post.id);
}

export default function EditPost() {
  const { post } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const deleteReply = replyFor(actionData, "delete");
  const deleteError = firstError(deleteReply)?.message;
  const editorData = deleteReply ? undefined : (actionData as EditorActionData | undefined);
  const defaults = {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    body: post.body,
    tags: post.tags.join(", "),
    status: post.status,
    publishAt: toPublishAtInput(post.publishAt),
    coverAlt: post.cover?.alt ?? "",
  };
  return (
    <EditorPage
      back={{ to: "/admin/blog", label: "All posts" }}
      title="Edit blog post"
      intro={
        <p className="mt-2 text-sm text-stone-600">
          Address:{" "}
          <Link to={`/blog/${post.slug}`} className="underline">
            /blog/{post.slug}
          </Link>{" "}
          ({post.status})
        </p>
      }
      form={
        <PostEditor
          key={post.updatedAt}
          defaults={defaults}
          coverUrl={post.cover?.url ?? null}
          actionData={editorData}
        />
      }
    >
      <section aria-labelledby="delete-heading" className="mt-12 border-t border-stone-200 pt-8">
        <h2 id="delete-heading" className="text-lg font-semibold">
          Delete this post
        </h2>
        <FormErrors id="delete-errors" errors={deleteError ? [deleteError] : undefined} />
        <DeleteWithConfirmation
          confirming={Boolean(deleteReply && !deleteError)}
          question={`Are you sure? “${post.title}” will be deleted for good.`}
          confirmLabel="Yes, delete this post"
          buttonLabel="Delete post"
          cancelTo={`/admin/blog/${post.id}/edit`}
        />
      </section>
    </EditorPage>
  );
}
