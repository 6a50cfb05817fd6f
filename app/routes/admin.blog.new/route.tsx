import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { PostEditor } from "~/components/blog/PostEditor";
import { seo } from "~/lib/seo";
import { requireAdminActor } from "~/server/http/admin-actor.server";
import { requireAdmin } from "~/server/http/session.server";
import { formFailure } from "~/server/http/forms.server";
import { postEditorAction, readAdminForm, TOO_LARGE_MESSAGE } from "~/routes/admin.blog.new/post-form.server";
import { EditorPage } from "~/components/admin/EditorPage";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "New blog post", description: "Write a blog post.", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAdminActor(request);
  const formData = await readAdminForm(request);
  if (!formData) return formFailure({ status: "error", error: { "": [TOO_LARGE_MESSAGE] } }, 413);
  return postEditorAction(request, formData, actor);
}

const EMPTY = { title: "", slug: "", excerpt: "", body: "", tags: "", status: "draft", publishAt: "", coverAlt: "" };

export default function NewPost() {
  const actionData = useActionData<typeof action>();
  return (
    <EditorPage
      back={{ to: "/admin/blog", label: "All posts" }}
      title="New blog post"
      form={<PostEditor defaults={EMPTY} coverUrl={null} actionData={actionData} />}
    />
  );
}
