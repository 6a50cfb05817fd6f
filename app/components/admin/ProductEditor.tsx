import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormErrors } from "~/components/forms/Field";
import { CATEGORIES } from "~/lib/categories";
import {
  PRODUCT_IMAGE_URL,
  PRODUCT_LIMITS,
  PRODUCT_STATUSES,
  type FieldErrors,
  type ProductDraft,
} from "~/lib/product-form";

// The product editor: plain inputs, so it works without JavaScript. Adding or removing a
// colour, a size or an image, and moving images, are submit buttons: the server answers with
// the form re-rendered (nothing saved) until "Save product" is pressed.

const errorId = (name: string) => `${name.replace(/\./g, "-")}-error`;

function Errors({ name, errors }: { name: string; errors: FieldErrors }) {
  const list = errors[name];
  if (!list?.length) return null;
  return (
    <ul id={errorId(name)} className="mt-1 text-sm text-red-700">
      {list.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** aria attributes of an input named `name` (with an optional hint id). */
function aria(name: string, errors: FieldErrors, hintId?: string) {
  const invalid = Boolean(errors[name]?.length);
  const describedBy = [hintId, invalid ? errorId(name) : null].filter(Boolean).join(" ");
  return { "aria-invalid": invalid || undefined, "aria-describedby": describedBy || undefined };
}

function TextField({
  name,
  label,
  value,
  errors,
  hint,
  required,
  inputMode,
  maxLength,
}: {
  name: string;
  label: string;
  value: string;
  errors: FieldErrors;
  hint?: ReactNode;
  required?: boolean;
  inputMode?: "decimal";
  maxLength?: number;
}) {
  const id = `product-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        defaultValue={value}
        required={required}
        inputMode={inputMode}
        maxLength={maxLength}
        {...aria(name, errors, hint ? `${id}-hint` : undefined)}
        className="input mt-1"
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      <Errors name={name} errors={errors} />
    </div>
  );
}

const small = "rounded border border-stone-300 px-2 py-1 text-xs hover:bg-stone-100";

export function ProductEditor({
  draft,
  errors,
  expectedSeq,
  submitLabel,
}: {
  draft: ProductDraft;
  errors: FieldErrors;
  expectedSeq?: number;
  submitLabel: string;
}) {
  const formErrors = errors[""];
  const errorCount = Object.keys(errors).filter((k) => k !== "").length;
  return (
    // Keyed by the draft, so a re-rendered form shows the server's values rather than stale inputs.
    <Form method="post" encType="multipart/form-data" className="space-y-8" key={JSON.stringify(draft)}>
      <AuthenticityTokenInput />
      {expectedSeq !== undefined ? <input type="hidden" name="expectedSeq" value={expectedSeq} /> : null}
      {/* Enter in a text field presses the first submit button: make that "save", not "remove colour 1". */}
      <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
        {submitLabel}
      </button>
      {/* Each field's messages link to where they stand, beside the field. */}
      <FormErrors
        id="product-form-errors"
        errors={[
          ...(formErrors ?? []),
          ...(errorCount
            ? [
                `Please correct the ${errorCount === 1 ? "field" : `${errorCount} fields`} marked below. Nothing was saved.`,
              ]
            : []),
        ]}
        fields={Object.entries(errors)
          .filter(([name]) => name !== "")
          .map(([name, list]) => ({ id: errorId(name), label: "", errors: list }))}
      />

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Details</legend>
        <TextField
          name="name"
          label="Name"
          value={draft.name}
          errors={errors}
          required
          maxLength={PRODUCT_LIMITS.name}
        />
        <TextField
          name="slug"
          label="Slug"
          value={draft.slug}
          errors={errors}
          hint="Lower-case letters, digits and hyphens. Leave it empty to make one from the name."
          maxLength={PRODUCT_LIMITS.slug}
        />
        <div>
          <label htmlFor="product-description" className="block text-sm font-medium text-stone-800">
            Description
          </label>
          <textarea
            id="product-description"
            name="description"
            rows={5}
            defaultValue={draft.description}
            required
            maxLength={PRODUCT_LIMITS.description}
            {...aria("description", errors)}
            className="input mt-1"
          />
          <Errors name="description" errors={errors} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="product-category" className="block text-sm font-medium text-stone-800">
              Category
            </label>
            <select
              id="product-category"
              name="category"
              defaultValue={draft.category}
              {...aria("category", errors)}
              className="input mt-1"
            >
              {CATEGORIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            <Errors name="category" errors={errors} />
          </div>
          <TextField
            name="material"
            label="Material"
            value={draft.material}
            errors={errors}
            hint="Optional, like 100% organic cotton."
            maxLength={PRODUCT_LIMITS.material}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Price and status</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="price"
            label="Price (€)"
            value={draft.price}
            errors={errors}
            hint="Like 49.90."
            required
            inputMode="decimal"
          />
          <TextField
            name="compareAt"
            label="Compare-at price (€)"
            value={draft.compareAt}
            errors={errors}
            hint="The former price, shown struck through when on sale. Leave empty otherwise."
            inputMode="decimal"
          />
          <div>
            <label htmlFor="product-status" className="block text-sm font-medium text-stone-800">
              Status
            </label>
            <select
              id="product-status"
              name="status"
              defaultValue={draft.status}
              {...aria("status", errors)}
              className="input mt-1"
            >
              {PRODUCT_STATUSES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            <Errors name="status" errors={errors} />
          </div>
          <label className="mt-6 flex items-center gap-2 text-sm">
            <input type="checkbox" name="featured" defaultChecked={draft.featured} /> Featured on the home page
          </label>
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">Colours</legend>
        <Errors name="colours" errors={errors} />
        <div className="overflow-x-auto">
          <table className="text-sm">
            <caption className="sr-only">Colours</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="pr-3">
                  Colour name
                </th>
                <th scope="col" className="pr-3">
                  Hex (#rrggbb)
                </th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {[...draft.colours, { name: "", hex: "" }].map((c, i) => {
                const isNew = i === draft.colours.length;
                return (
                  <tr key={i}>
                    <td className="py-1 pr-3 align-top">
                      <input
                        name={`colours.name.${i}`}
                        defaultValue={c.name}
                        aria-label={isNew ? "New colour name" : `Colour ${i + 1} name`}
                        {...aria(`colours.${i}.name`, errors)}
                        className="input"
                        maxLength={PRODUCT_LIMITS.colourName}
                      />
                      <Errors name={`colours.${i}.name`} errors={errors} />
                    </td>
                    <td className="py-1 pr-3 align-top">
                      <span className="flex items-center gap-2">
                        <span
                          aria-hidden="true"
                          className="inline-block h-6 w-6 shrink-0 rounded-full border border-stone-300"
                          style={/^#[0-9a-fA-F]{6}$/.test(c.hex) ? { backgroundColor: c.hex } : undefined}
                        />
                        <input
                          name={`colours.hex.${i}`}
                          defaultValue={c.hex}
                          aria-label={isNew ? "New colour hex" : `Colour ${i + 1} hex`}
                          {...aria(`colours.${i}.hex`, errors)}
                          className="input w-32"
                          placeholder={isNew ? "#1f3a5f" : undefined}
                        />
                      </span>
                      <Errors name={`colours.${i}.hex`} errors={errors} />
                    </td>
                    <td className="py-1 align-top">
                      {isNew ? (
                        <button type="submit" name="intent" value="refresh" formNoValidate className="btn-secondary">
                          Add colour
                        </button>
                      ) : (
                        <button
                          type="submit"
                          name="intent"
                          value={`remove-colour.${i}`}
                          formNoValidate
                          className={small}
                        >
                          Remove {c.name || `colour ${i + 1}`}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">Sizes</legend>
        <Errors name="sizes" errors={errors} />
        <ul className="space-y-1">
          {[...draft.sizes, ""].map((s, i) => {
            const isNew = i === draft.sizes.length;
            return (
              <li key={i} className="flex items-start gap-3">
                <div>
                  <input
                    name={`sizes.${i}`}
                    defaultValue={s}
                    aria-label={isNew ? "New size" : `Size ${i + 1}`}
                    {...aria(`sizes.${i}`, errors)}
                    className="input w-40"
                    maxLength={PRODUCT_LIMITS.size}
                    placeholder={isNew ? "e.g. M or 42" : undefined}
                  />
                  <Errors name={`sizes.${i}`} errors={errors} />
                </div>
                {isNew ? (
                  <button type="submit" name="intent" value="refresh" formNoValidate className="btn-secondary">
                    Add size
                  </button>
                ) : (
                  <button type="submit" name="intent" value={`remove-size.${i}`} formNoValidate className={small}>
                    Remove {s || `size ${i + 1}`}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">Stock by size and colour</legend>
        {draft.sizes.length && draft.colours.length ? (
          <div className="overflow-x-auto">
            <table className="text-sm">
              <caption className="sr-only">Units in stock for each size and colour</caption>
              <thead>
                <tr>
                  <td />
                  {draft.colours.map((c, ci) => (
                    <th key={ci} scope="col" className="px-2 text-left">
                      {c.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {draft.sizes.map((size, si) => (
                  <tr key={si}>
                    <th scope="row" className="pr-3 text-left">
                      {size}
                    </th>
                    {draft.colours.map((c, ci) => (
                      <td key={ci} className="px-2 py-1 align-top">
                        <input
                          type="number"
                          min={0}
                          max={PRODUCT_LIMITS.stock}
                          step={1}
                          name={`stock.${si}.${ci}`}
                          defaultValue={draft.stock[si]?.[ci] ?? "0"}
                          aria-label={`Stock: ${size}, ${c.name}`}
                          {...aria(`stock.${si}.${ci}`, errors)}
                          className="input w-24"
                        />
                        <input type="hidden" name={`sku.${si}.${ci}`} value={draft.sku[si]?.[ci] ?? ""} />
                        <Errors name={`stock.${si}.${ci}`} errors={errors} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-stone-600">Add a colour and a size to enter stock.</p>
        )}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Images</legend>
        <Errors name="images" errors={errors} />
        {draft.images.length ? (
          <ol className="space-y-3">
            {draft.images.map((img, i) => (
              <li key={img.url + i} className="flex flex-wrap items-start gap-4 rounded border border-stone-200 p-3">
                <img
                  src={PRODUCT_IMAGE_URL.test(img.url) ? img.url : undefined}
                  alt=""
                  width={80}
                  height={100}
                  className="h-24 w-20 rounded bg-stone-100 object-cover"
                />
                <input type="hidden" name={`images.url.${i}`} value={img.url} />
                <input type="hidden" name={`images.width.${i}`} value={img.width} />
                <input type="hidden" name={`images.height.${i}`} value={img.height} />
                <div className="min-w-64 flex-1">
                  <label htmlFor={`images-alt-${i}`} className="block text-sm font-medium text-stone-800">
                    Image {i + 1} alt text (what it shows)
                  </label>
                  <input
                    id={`images-alt-${i}`}
                    name={`images.alt.${i}`}
                    defaultValue={img.alt}
                    maxLength={PRODUCT_LIMITS.alt}
                    {...aria(`images.${i}.alt`, errors)}
                    className="input mt-1"
                  />
                  <Errors name={`images.${i}.alt`} errors={errors} />
                  <Errors name={`images.${i}.url`} errors={errors} />
                  <label htmlFor={`images-colour-${i}`} className="mt-2 block text-sm font-medium text-stone-800">
                    Image {i + 1} colour
                  </label>
                  <select
                    id={`images-colour-${i}`}
                    name={`images.colour.${i}`}
                    defaultValue={img.colour}
                    {...aria(`images.${i}.colour`, errors, `images-colour-hint-${i}`)}
                    className="input mt-1"
                  >
                    <option value="">All colours</option>
                    {draft.colours
                      .filter((c) => c.name.trim())
                      .map((c) => (
                        <option key={c.name} value={c.name}>
                          {c.name}
                        </option>
                      ))}
                    {/* A tag whose colour was renamed in this edit stays visible until it is changed. */}
                    {img.colour && !draft.colours.some((c) => c.name === img.colour) ? (
                      <option value={img.colour}>{img.colour} (not a colour of this product)</option>
                    ) : null}
                  </select>
                  <p id={`images-colour-hint-${i}`} className="mt-1 text-xs text-stone-500">
                    Shown first when a shopper chooses this colour.
                  </p>
                  <Errors name={`images.${i}.colour`} errors={errors} />
                </div>
                <div className="flex gap-2">
                  <button
                    type="submit"
                    name="intent"
                    value={`image-up.${i}`}
                    formNoValidate
                    disabled={i === 0}
                    className={small}
                  >
                    Move image {i + 1} up
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value={`image-down.${i}`}
                    formNoValidate
                    disabled={i === draft.images.length - 1}
                    className={small}
                  >
                    Move image {i + 1} down
                  </button>
                  <button type="submit" name="intent" value={`remove-image.${i}`} formNoValidate className={small}>
                    Remove image {i + 1}
                  </button>
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-stone-600">No images yet: the shop shows a drawing until you add one.</p>
        )}
        <div className="rounded border border-dashed border-stone-300 p-3">
          <label htmlFor="product-new-images" className="block text-sm font-medium text-stone-800">
            Add images
          </label>
          <input
            id="product-new-images"
            type="file"
            name="newImages"
            multiple
            accept="image/png,image/jpeg,image/webp"
            {...aria("newImages", errors, "product-new-images-hint")}
            className="mt-1 block text-sm"
          />
          <p id="product-new-images-hint" className="mt-1 text-xs text-stone-500">
            PNG, JPEG or WebP, up to 8 MB each and at least 100 × 100 pixels; saved as WebP at 400, 800 and 1200 pixels
            wide.
          </p>
          <Errors name="newImages" errors={errors} />
          <div className="mt-3">
            <label htmlFor="product-new-image-alt" className="block text-sm font-medium text-stone-800">
              Alt text of the new images (what they show)
            </label>
            <input
              id="product-new-image-alt"
              name="newImageAlt"
              maxLength={PRODUCT_LIMITS.alt}
              className="input mt-1"
            />
          </div>
          <button type="submit" name="intent" value="upload" formNoValidate className="btn-secondary mt-3">
            Upload images
          </button>
        </div>
      </fieldset>

      <button type="submit" name="intent" value="save" className="btn-primary">
        {submitLabel}
      </button>
    </Form>
  );
}
