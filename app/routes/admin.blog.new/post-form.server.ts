import type { AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/node";
import { postSchema } from "~/lib/blog-schema";
import { BODY_MAX } from "~/lib/blog";
import { saveBlogImage } from "~/server/media/blog-images.server";
import { STORAGE_FULL_MESSAGE } from "~/server/store/storage-full";
import type { PostCover } from "~/domain/post";
import { readUploadForm } from "~/server/http/form-body.server";
import { formFailure, formGuardProblem } from "~/server/http/forms.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { parseForm, shapeRefused } from "~/server/http/form-shape.server";

// The post editor's action, shared by /admin/blog/new and /admin/blog/{id}/edit (both check
// the admin role before calling it). intent=preview renders the body and saves nothing;
// otherwise the post is saved and the browser goes to its edit page (303).

/** Larger than any accepted part (2 MB image, 200,000-character body), so those get a clear message with values kept. */
const MAX_PART_BYTES = 5 * 1024 * 1024;

/** The submitted form, multipart (the editor) or urlencoded (delete); null when a part, or the whole, is far too large. */
export function readAdminForm(request: Request): Promise<FormData | null> {
  return readUploadForm(request, { maxPartBytes: MAX_PART_BYTES, maxBodyBytes: 2 * MAX_PART_BYTES });
}

export const TOO_LARGE_MESSAGE =
  "The upload is too large: images can be up to 2 MB and the text up to 200,000 characters. Nothing was saved.";

export async function postEditorAction(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  actor: string,
  postId?: string,
) {
  const { blog, backend } = context.shop;
  const intent = formData.get("intent") === "preview" ? "preview" : "save";
  const submission = parseForm(formData, { schema: postSchema });
  const problem = await formGuardProblem(formData, request);
  if (problem) return formFailure(submission.reply({ formErrors: [problem.message] }), problem.status);
  if (shapeRefused(submission)) return formFailure(submission.reply(), 400);

  const errors: Record<string, string[]> = {};
  const payload = submission.payload as Record<string, unknown>;
  const keptUrl =
    submission.status === "success"
      ? (submission.value.coverUrl ?? null)
      : typeof payload.coverUrl === "string" && !submission.error?.coverUrl
        ? payload.coverUrl
        : null;
  let coverUrl: string | null = payload.removeCover === "on" ? null : keptUrl;
  const file = formData.get("coverImage");
  if (file instanceof File && file.size > 0) {
    const saved = await saveBlogImage(backend.media, file);
    if ("error" in saved) errors.coverImage = [saved.error];
    else coverUrl = saved.url;
  }
  const coverAlt = typeof payload.coverAlt === "string" ? payload.coverAlt.trim() : "";
  if (coverUrl && !coverAlt) errors.coverAlt = ["Describe the cover image for people who cannot see it."];

  // A full storage is the shop's fault, not the form's: 503, try again later.
  const failed = errors.coverImage?.includes(STORAGE_FULL_MESSAGE) ? 503 : 400;
  if (intent === "preview") {
    const body = typeof payload.body === "string" ? payload.body : "";
    const preview = body.length <= BODY_MAX ? blog.preview(body) : null;
    return data(
      { result: submission.reply({ fieldErrors: errors }), preview, coverUrl },
      { status: failed === 503 ? 503 : 200 },
    );
  }

  if (submission.status !== "success" || Object.keys(errors).length) {
    return data({ result: submission.reply({ fieldErrors: errors }), preview: null, coverUrl }, { status: failed });
  }
  const { value } = submission;
  const cover: PostCover | null = coverUrl ? { url: coverUrl, alt: coverAlt } : null;
  const result = await blog.save(
    {
      title: value.title,
      slug: value.slug,
      excerpt: value.excerpt,
      body: value.body,
      tags: value.tags,
      status: value.status,
      publishAt: value.publishAt,
      cover,
    },
    postId,
    actor,
  );
  if (!result.success) {
    const { "": formErrors, ...fieldErrors } = result.fieldErrors;
    return data({ result: submission.reply({ formErrors, fieldErrors }), preview: null, coverUrl }, { status: 400 });
  }
  return redirectWithFlash(`/admin/blog/${result.post.id}/edit`, "The post has been saved.");
}
