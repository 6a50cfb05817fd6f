import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { FormErrors } from "~/components/forms/Field";
import { MarketPricesFieldset } from "~/components/admin/MarketPricesFieldset";
import type { MarketPriceField } from "~/lib/market-price-fields";
import { BASE_CURRENCY, currencySymbol } from "~/domain/money";
import { CATEGORIES } from "~/lib/categories";
import {
  cellName,
  nextRowKey,
  PRODUCT_IMAGE_URL,
  PRODUCT_LIMITS,
  PRODUCT_STATUSES,
  productFormSchema,
  type ProductFormDefaults,
} from "~/lib/product-form";

// The product editor: plain inputs, so it works without JavaScript. Adding, removing and moving
// a colour, a size or an image are conform's list intents on submit buttons: without JavaScript
// the server answers with the form re-rendered (nothing saved), with it conform changes the list
// in place. Uploading images is a submit too; nothing is saved until "Save product" is pressed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field of the form
type Meta = FieldMetadata<any, any, string[]>;

const errorId = (name: string) => `${name.replace(/[^A-Za-z0-9]+/g, "-").replace(/-$/, "")}-error`;

function Errors({ name, errors }: { name: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={errorId(name)} className="mt-1 text-sm text-red-700">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** name, value and aria attributes of a field's control (with an optional hint id). */
function control(meta: Meta, hintId?: string) {
  const invalid = Boolean(meta.errors?.length);
  const describedBy = [hintId, invalid ? errorId(meta.name) : null].filter(Boolean).join(" ");
  return {
    name: meta.name,
    defaultValue: (meta.initialValue as string | undefined) ?? "",
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy || undefined,
  };
}

function TextField({
  meta,
  label,
  hint,
  required,
  inputMode,
  maxLength,
  readOnly,
}: {
  meta: Meta;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  inputMode?: "decimal" | "numeric";
  maxLength?: number;
  readOnly?: boolean;
}) {
  const id = `product-${meta.name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        key={meta.key}
        type="text"
        required={required}
        inputMode={inputMode}
        maxLength={maxLength}
        readOnly={readOnly}
        {...control(meta, hint ? `${id}-hint` : undefined)}
        className="input mt-1 read-only:bg-stone-100"
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      <Errors name={meta.name} errors={meta.errors} />
    </div>
  );
}

/**
 * A checkbox a staff member who may edit texts only sees but cannot change: disabled, and its value
 * sent as it was by a hidden input (a disabled checkbox sends nothing, which would read as "off").
 */
function LockableCheckbox({
  meta,
  locked,
  checked,
  className = "",
  children,
}: {
  meta: Meta;
  locked: boolean;
  checked: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={`flex items-center gap-2 text-sm ${className}`.trim()}>
      <input type="checkbox" name={meta.name} key={meta.key} disabled={locked} defaultChecked={checked} />{" "}
      {locked && checked ? <input type="hidden" name={meta.name} value="on" /> : null}
      {children}
    </label>
  );
}

const small = "rounded border border-stone-300 px-2 py-1 text-xs hover:bg-stone-100";

/**
 * The browser applies conform's list intents at once; the fields are checked by the server, which
 * alone knows the slugs in use and the product's current version, and answers 400 with the errors.
 */
const anything = z.object({}).passthrough();

/** The own prices a refused save sent, to show them again as typed. */
function sentMarketPrices(result: SubmissionResult<string[]> | undefined): Record<string, string> {
  const sent = (result?.initialValue as { marketPrices?: unknown } | undefined)?.marketPrices;
  if (!sent || typeof sent !== "object") return {};
  return Object.fromEntries(
    Object.entries(sent).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

const GIFT_CARD_HINT =
  "Comma-separated, like 25, 50, 100 (euros). For other currencies, a group per currency separated by “;”: " +
  "EUR 25, 50, 100; GBP 25, 50, 100; CHF 30, 50, 100. Shoppers see only the amounts in their market's currency, " +
  "at face value. A gift card keeps its colours; its sizes, stock and weight are not used: " +
  "it never runs out, and each card is issued when its order is paid and sent by e-mail.";

export function ProductEditor({
  defaults,
  result,
  expectedSeq,
  submitLabel,
  textsOnly = false,
  marketPrices,
}: {
  defaults: ProductFormDefaults;
  result?: SubmissionResult<string[]>;
  expectedSeq?: number;
  submitLabel: string;
  /** A role that may change texts and images only sees the rest (price, stock, options, status, category) read-only. */
  textsOnly?: boolean;
  /** "Prices in other markets": its fields and the stored own prices (values sent back with errors win). */
  marketPrices?: { fields: MarketPriceField[]; values: Record<string, string> };
}) {
  const [form, fields] = useForm({
    id: "product-editor",
    lastResult: result,
    defaultValue: defaults,
    constraint: getZodConstraint(productFormSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: anything }),
  });
  const colours = fields.colours.getFieldList().map((row) => row.getFieldset());
  const sizes = fields.sizes.getFieldList().map((row) => row.getFieldset());
  const images = fields.images.getFieldList().map((row) => row.getFieldset());
  const stock = fields.stock.getFieldset() as Record<string, Meta>;
  const sku = fields.sku.getFieldset() as Record<string, Meta>;
  const current = (meta: Meta) => String(meta.value ?? meta.initialValue ?? "");
  const colourNames = colours.map((c) => current(c.name));
  const sizeNames = sizes.map((s) => current(s.name));
  const errors = Object.entries(form.allErrors).filter(([name]) => name !== "");
  const formErrors = form.allErrors[""];
  const errorCount = errors.length;
  // A disabled control sends nothing: a read-only choice sends its current value from a hidden input.
  const featured = String(fields.featured.initialValue) === "on" || String(fields.featured.initialValue) === "true";
  const giftCard = String(fields.giftCard.initialValue) === "on" || String(fields.giftCard.initialValue) === "true";
  const sentAsIs = (meta: Meta) => (textsOnly ? <input type="hidden" name={meta.name} value={current(meta)} /> : null);
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-8">
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
        fields={errors.map(([name, list]) => ({ id: errorId(name), label: "", errors: list }))}
      />

      {textsOnly ? (
        <p className="rounded-md bg-stone-100 px-4 py-3 text-sm text-stone-700" id="texts-only-note">
          Your role changes a product&apos;s texts and images. Its price, stock, options, status and category are shown
          for reference: only an owner or a manager can change them.
        </p>
      ) : null}
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Details</legend>
        <TextField meta={fields.name} label="Name" required maxLength={PRODUCT_LIMITS.name} />
        <TextField
          meta={fields.slug}
          label="Slug"
          hint="Lower-case letters, digits and hyphens. Leave it empty to make one from the name."
          maxLength={PRODUCT_LIMITS.slug}
        />
        <div>
          <label htmlFor="product-description" className="block text-sm font-medium text-stone-800">
            Description
          </label>
          <textarea
            id="product-description"
            key={fields.description.key}
            rows={5}
            required
            maxLength={PRODUCT_LIMITS.description}
            {...control(fields.description)}
            className="input mt-1"
          />
          <Errors name="description" errors={fields.description.errors} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="product-category" className="block text-sm font-medium text-stone-800">
              Category
            </label>
            <select
              id="product-category"
              key={fields.category.key}
              {...control(fields.category)}
              disabled={textsOnly}
              className="input mt-1 disabled:bg-stone-100"
            >
              {CATEGORIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            {sentAsIs(fields.category)}
            <Errors name="category" errors={fields.category.errors} />
          </div>
          <TextField
            meta={fields.material}
            label="Material"
            hint="Optional, like 100% organic cotton."
            maxLength={PRODUCT_LIMITS.material}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Price and status</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            meta={fields.price}
            label={`Price (${currencySymbol(BASE_CURRENCY)})`}
            hint="Like 49.90. A gift card's is its smallest amount."
            inputMode="decimal"
            readOnly={textsOnly}
          />
          <TextField
            meta={fields.compareAt}
            label={`Compare-at price (${currencySymbol(BASE_CURRENCY)})`}
            hint="The former price, shown struck through when on sale. Leave empty otherwise."
            inputMode="decimal"
            readOnly={textsOnly}
          />
          <TextField
            meta={fields.weight}
            label="Shipping weight (g)"
            hint="One item packed, in grams, for delivery priced by weight. Sets every size and colour; empty keeps each one's own."
            inputMode="numeric"
            readOnly={textsOnly}
          />
          <div>
            <label htmlFor="product-status" className="block text-sm font-medium text-stone-800">
              Status
            </label>
            <select
              id="product-status"
              key={fields.status.key}
              {...control(fields.status)}
              disabled={textsOnly}
              className="input mt-1 disabled:bg-stone-100"
            >
              {PRODUCT_STATUSES.map((st) => (
                <option key={st.value} value={st.value}>
                  {st.label}
                </option>
              ))}
            </select>
            {sentAsIs(fields.status)}
            <Errors name="status" errors={fields.status.errors} />
          </div>
          <LockableCheckbox meta={fields.featured} locked={textsOnly} checked={featured} className="mt-6">
            Featured on the home page
          </LockableCheckbox>
        </div>
      </fieldset>

      {/* A gift card is sold at its amounts: it has no own prices in markets. */}
      {marketPrices && !giftCard ? (
        <MarketPricesFieldset
          fields={marketPrices.fields}
          values={{ ...marketPrices.values, ...sentMarketPrices(result) }}
          errors={form.allErrors}
          readOnly={textsOnly}
        />
      ) : null}

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">Gift card</legend>
        <LockableCheckbox meta={fields.giftCard} locked={textsOnly} checked={giftCard}>
          Sold as a gift card: amounts instead of sizes
        </LockableCheckbox>
        <TextField
          meta={fields.giftCardAmounts}
          label="Gift card amounts (per currency)"
          hint={GIFT_CARD_HINT}
          readOnly={textsOnly}
        />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">Colours</legend>
        <Errors name="colours" errors={fields.colours.errors} />
        {colours.length ? (
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
                  <th scope="col" hidden={textsOnly}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {colours.map((c, i) => {
                  const label = colourNames[i] || `colour ${i + 1}`;
                  return (
                    <tr key={c.key.key ?? i}>
                      <td className="py-1 pr-3 align-top">
                        <input type="hidden" name={c.key.name} value={current(c.key)} />
                        <input
                          key={c.name.key}
                          aria-label={`Colour ${i + 1} name`}
                          readOnly={textsOnly}
                          {...control(c.name)}
                          className="input read-only:bg-stone-100"
                          maxLength={PRODUCT_LIMITS.colourName}
                        />
                        <Errors name={c.name.name} errors={c.name.errors} />
                      </td>
                      <td className="py-1 pr-3 align-top">
                        <span className="flex items-center gap-2">
                          <span
                            aria-hidden="true"
                            className="swatch inline-block h-6 w-6 shrink-0 rounded-full border border-stone-300"
                            style={
                              /^#[0-9a-fA-F]{6}$/.test(current(c.hex)) ? { backgroundColor: current(c.hex) } : undefined
                            }
                          />
                          <input
                            key={c.hex.key}
                            aria-label={`Colour ${i + 1} hex`}
                            readOnly={textsOnly}
                            {...control(c.hex)}
                            className="input w-32 read-only:bg-stone-100"
                            placeholder="#1f3a5f"
                          />
                        </span>
                        <Errors name={c.hex.name} errors={c.hex.errors} />
                      </td>
                      <td className="flex gap-2 py-1 align-top" hidden={textsOnly}>
                        <button
                          {...form.reorder.getButtonProps({ name: fields.colours.name as string, from: i, to: i - 1 })}
                          disabled={i === 0}
                          className={small}
                        >
                          Move {label} up
                        </button>
                        <button
                          {...form.remove.getButtonProps({ name: fields.colours.name as string, index: i })}
                          className={small}
                        >
                          Remove {label}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
        <button
          hidden={textsOnly}
          {...form.insert.getButtonProps<ProductFormDefaults["colours"]>({
            name: fields.colours.name as string,
            defaultValue: {
              key: nextRowKey(
                "c",
                colours.map((c) => current(c.key)),
              ),
              name: "",
              hex: "",
            },
          })}
          className="btn-secondary"
        >
          Add colour
        </button>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">Sizes</legend>
        <Errors name="sizes" errors={fields.sizes.errors} />
        <ul className="space-y-1">
          {sizes.map((sz, i) => {
            const label = sizeNames[i] || `size ${i + 1}`;
            return (
              <li key={sz.key.key ?? i} className="flex items-start gap-3">
                <div>
                  <input type="hidden" name={sz.key.name} value={current(sz.key)} />
                  <input
                    key={sz.name.key}
                    aria-label={`Size ${i + 1}`}
                    readOnly={textsOnly}
                    {...control(sz.name)}
                    className="input w-40 read-only:bg-stone-100"
                    maxLength={PRODUCT_LIMITS.size}
                    placeholder="e.g. M or 42"
                  />
                  <Errors name={sz.name.name} errors={sz.name.errors} />
                </div>
                <button
                  hidden={textsOnly}
                  {...form.reorder.getButtonProps({ name: fields.sizes.name as string, from: i, to: i - 1 })}
                  disabled={i === 0}
                  className={small}
                >
                  Move {label} up
                </button>
                <button
                  hidden={textsOnly}
                  {...form.remove.getButtonProps({ name: fields.sizes.name as string, index: i })}
                  className={small}
                >
                  Remove {label}
                </button>
              </li>
            );
          })}
        </ul>
        <button
          hidden={textsOnly}
          {...form.insert.getButtonProps<ProductFormDefaults["sizes"]>({
            name: fields.sizes.name as string,
            defaultValue: {
              key: nextRowKey(
                "s",
                sizes.map((sz) => current(sz.key)),
              ),
              name: "",
            },
          })}
          className="btn-secondary"
        >
          Add size
        </button>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold">Stock by size and colour</legend>
        {sizes.length && colours.length ? (
          <div className="overflow-x-auto">
            <table className="text-sm">
              <caption className="sr-only">Units in stock for each size and colour</caption>
              <thead>
                <tr>
                  <td />
                  {colours.map((c, ci) => (
                    <th key={current(c.key)} scope="col" className="px-2 text-left">
                      {colourNames[ci]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sizes.map((sz, si) => (
                  <tr key={current(sz.key)}>
                    <th scope="row" className="pr-3 text-left">
                      {sizeNames[si]}
                    </th>
                    {colours.map((c, ci) => {
                      const cell = cellName(current(sz.key), current(c.key));
                      const meta = stock[cell];
                      const skuMeta = sku[cell];
                      return (
                        <td key={cell} className="px-2 py-1 align-top">
                          <input
                            type="number"
                            min={0}
                            max={PRODUCT_LIMITS.stock}
                            step={1}
                            aria-label={`Stock: ${sizeNames[si]}, ${colourNames[ci]}`}
                            readOnly={textsOnly}
                            {...control(meta)}
                            defaultValue={(meta.initialValue as string | undefined) ?? "0"}
                            className="input w-24 read-only:bg-stone-100"
                          />
                          {skuMeta.initialValue ? (
                            <input type="hidden" name={skuMeta.name} value={String(skuMeta.initialValue)} />
                          ) : null}
                          <Errors name={meta.name} errors={meta.errors} />
                        </td>
                      );
                    })}
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
        <Errors name="images" errors={fields.images.errors} />
        {images.length ? (
          <ol className="space-y-3">
            {images.map((img, i) => {
              const url = current(img.url);
              const tag = current(img.colour);
              return (
                <li
                  key={img.url.key ?? i}
                  className="flex flex-wrap items-start gap-4 rounded border border-stone-200 p-3"
                >
                  <img
                    src={PRODUCT_IMAGE_URL.test(url) ? url : undefined}
                    alt=""
                    width={80}
                    height={100}
                    className="h-24 w-20 rounded bg-stone-100 object-cover"
                  />
                  <input type="hidden" name={img.url.name} value={url} />
                  <input type="hidden" name={img.width.name} value={current(img.width)} />
                  <input type="hidden" name={img.height.name} value={current(img.height)} />
                  <div className="min-w-64 flex-1">
                    <label htmlFor={`images-alt-${i}`} className="block text-sm font-medium text-stone-800">
                      Image {i + 1} alt text (what it shows)
                    </label>
                    <input
                      id={`images-alt-${i}`}
                      key={img.alt.key}
                      maxLength={PRODUCT_LIMITS.alt}
                      {...control(img.alt)}
                      className="input mt-1"
                    />
                    <Errors name={img.alt.name} errors={img.alt.errors} />
                    <Errors name={img.url.name} errors={img.url.errors} />
                    <label htmlFor={`images-colour-${i}`} className="mt-2 block text-sm font-medium text-stone-800">
                      Image {i + 1} colour
                    </label>
                    <select
                      id={`images-colour-${i}`}
                      key={img.colour.key}
                      {...control(img.colour, `images-colour-hint-${i}`)}
                      className="input mt-1"
                    >
                      <option value="">All colours</option>
                      {colourNames
                        .filter((name) => name.trim())
                        .map((name) => (
                          <option key={name} value={name}>
                            {name}
                          </option>
                        ))}
                      {/* A tag whose colour was renamed or removed in this edit stays visible until it is changed. */}
                      {tag && !colourNames.includes(tag) ? (
                        <option value={tag}>{tag} (not a colour of this product)</option>
                      ) : null}
                    </select>
                    <p id={`images-colour-hint-${i}`} className="mt-1 text-xs text-stone-500">
                      Shown first when a shopper chooses this colour.
                    </p>
                    <Errors name={img.colour.name} errors={img.colour.errors} />
                  </div>
                  <div className="flex gap-2">
                    <button
                      {...form.reorder.getButtonProps({ name: fields.images.name as string, from: i, to: i - 1 })}
                      disabled={i === 0}
                      className={small}
                    >
                      Move image {i + 1} up
                    </button>
                    <button
                      {...form.reorder.getButtonProps({ name: fields.images.name as string, from: i, to: i + 1 })}
                      disabled={i === images.length - 1}
                      className={small}
                    >
                      Move image {i + 1} down
                    </button>
                    <button
                      {...form.remove.getButtonProps({ name: fields.images.name as string, index: i })}
                      className={small}
                    >
                      Remove image {i + 1}
                    </button>
                  </div>
                </li>
              );
            })}
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
            aria-invalid={form.allErrors.newImages?.length ? true : undefined}
            aria-describedby={[
              "product-new-images-hint",
              form.allErrors.newImages?.length ? errorId("newImages") : null,
            ]
              .filter(Boolean)
              .join(" ")}
            className="mt-1 block text-sm"
          />
          <p id="product-new-images-hint" className="mt-1 text-xs text-stone-500">
            PNG, JPEG or WebP, up to 8 MB each and at least 100 × 100 pixels; saved as WebP at 400, 800 and 1200 pixels
            wide.
          </p>
          <Errors name="newImages" errors={form.allErrors.newImages} />
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
