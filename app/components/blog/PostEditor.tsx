import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Described, describedBy, Field, FormErrors, invalidFields } from "~/components/forms/Field";
import { BODY_MAX } from "~/lib/blog";
import { POST_STATUSES, postSchema } from "~/lib/blog-schema";
import { Prose } from "./PostCard";

export interface EditorDefaults {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  tags: string;
  status: string;
  publishAt: string;
  coverAlt: string;
}

export interface EditorActionData {
  result: SubmissionResult<string[]>;
  preview?: string | null;
  coverUrl?: string | null;
}

/** Each field's label, for the error summary's links. */
const POST_LABELS = {
  title: "Title",
  slug: "Slug",
  excerpt: "Excerpt",
  body: "Text (Markdown)",
  coverAlt: "Image description (alt text)",
  tags: "Tags",
  status: "Status",
  publishAt: "Publish at (UTC)",
};

export function PostEditor({
  defaults,
  coverUrl,
  actionData,
}: {
  defaults: EditorDefaults;
  coverUrl: string | null;
  actionData?: EditorActionData;
}) {
  const [form, fields] = useForm({
    id: "post-editor",
    lastResult: actionData?.result,
    defaultValue: defaults,
    constraint: getZodConstraint(postSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: postSchema }),
  });
  const currentCover = actionData && actionData.coverUrl !== undefined ? actionData.coverUrl : coverUrl;
  const imageErrors = (actionData?.result.error?.coverImage ?? []).filter((e): e is string => typeof e === "string");
  const body = getTextareaProps(fields.body, { ariaAttributes: true });

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
      <AuthenticityTokenInput />
      <FormErrors id={form.errorId} errors={form.errors} fields={invalidFields(form, POST_LABELS)} />
      <Field meta={fields.title} label="Title" type="text" />
      <Field
        meta={fields.slug}
        label="Slug"
        type="text"
        hint="The address: /blog/your-slug. Leave it empty to make one from the title."
      />
      <Described
        meta={fields.excerpt}
        label="Excerpt"
        hint="A sentence or two for the blog list and search results. Leave it empty to use the start of the text."
      >
        <textarea
          {...getTextareaProps(fields.excerpt, { ariaAttributes: true })}
          key={fields.excerpt.key}
          rows={2}
          aria-describedby={describedBy(fields.excerpt, true)}
          className="input mt-1"
        />
      </Described>
      <Described
        meta={fields.body}
        label="Text (Markdown)"
        hint={`Markdown: ## heading, **bold**, *italic*, [link](https://…), - list. HTML is shown as text. At most ${BODY_MAX.toLocaleString("en")} characters.`}
      >
        <textarea
          {...body}
          key={body.key}
          maxLength={undefined}
          rows={18}
          aria-describedby={describedBy(fields.body, true)}
          className="input mt-1 font-mono text-sm"
        />
      </Described>

      <fieldset className="space-y-4 rounded-lg border border-stone-200 p-4">
        <legend className="px-1 text-sm font-semibold">Cover image</legend>
        {currentCover ? (
          <div className="flex items-start gap-4">
            <img
              src={currentCover}
              alt="Current cover"
              width={160}
              height={100}
              className="h-24 w-40 rounded bg-stone-100 object-cover"
            />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="removeCover" /> Remove this image
            </label>
            <input type="hidden" name="coverUrl" value={currentCover} />
          </div>
        ) : (
          <p className="text-sm text-stone-600">No image: the post shows a drawing from the shop.</p>
        )}
        <div>
          <label htmlFor="post-cover-image" className="block text-sm font-medium text-stone-800">
            {currentCover ? "Replace the image" : "Upload an image"}
          </label>
          <input
            id="post-cover-image"
            type="file"
            name="coverImage"
            accept="image/png,image/jpeg,image/webp"
            aria-invalid={imageErrors.length ? true : undefined}
            aria-describedby={
              imageErrors.length ? "post-cover-image-error post-cover-image-hint" : "post-cover-image-hint"
            }
            className="mt-1 block text-sm"
          />
          <p id="post-cover-image-hint" className="mt-1 text-xs text-stone-500">
            PNG, JPEG or WebP, up to 2 MB.
          </p>
          {imageErrors.length ? (
            <ul id="post-cover-image-error" className="mt-1 text-sm text-red-700">
              {imageErrors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <Field
          meta={fields.coverAlt}
          label="Image description (alt text)"
          type="text"
          hint="Required with an image: what it shows, for people who cannot see it."
        />
      </fieldset>

      <Field meta={fields.tags} label="Tags" type="text" hint="Comma separated, like: styling, care tips." />

      <div className="grid gap-4 sm:grid-cols-2">
        <Described meta={fields.status} label="Status">
          {/* Not `required`: a list without an empty choice always has a value (HTML forbids the pair). */}
          <select
            {...getSelectProps(fields.status, { ariaAttributes: true })}
            required={false}
            key={fields.status.key}
            className="input mt-1"
          >
            {POST_STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </Described>
        <Described
          meta={fields.publishAt}
          label="Publish at (UTC)"
          hint="YYYY-MM-DDTHH:MM. Needed when scheduled; empty on publishing means now."
        >
          <input
            {...getInputProps(fields.publishAt, { type: "datetime-local", ariaAttributes: true })}
            key={fields.publishAt.key}
            aria-describedby={describedBy(fields.publishAt, true)}
            className="input mt-1"
          />
        </Described>
      </div>

      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="save" className="btn-primary">
          Save post
        </button>
        <button type="submit" name="intent" value="preview" className="btn-secondary">
          Preview
        </button>
      </div>

      {actionData?.preview !== undefined && actionData.preview !== null ? (
        <section aria-labelledby="preview-heading" className="rounded-lg border-2 border-dashed border-stone-300 p-6">
          <h2 id="preview-heading" className="text-sm font-semibold uppercase tracking-wide text-stone-500">
            Preview (not saved)
          </h2>
          <div className="mt-4">
            <Prose html={actionData.preview} />
          </div>
        </section>
      ) : null}
    </Form>
  );
}
