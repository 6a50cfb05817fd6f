import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z, type ZodTypeAny } from "zod";

// A submission's field names have a shape (conform's `colours[0].name`, `stock.s1c2`), and the
// page that renders it back trusts that shape: a list sent as one value (`colours=Red`) made the
// product editor throw while rendering, and a name nested ten thousand deep would overflow the
// parser. So before a form is parsed, each name is checked against the form's own zod schema: a
// list field must come as a list of at most its rows, a plain field as one value, nothing nested
// deeper than any form nests. Names the schema does not know (csrf, intent, the honeypot) are
// left alone, but for their depth. A form that fails is answered 400 with FORM_SHAPE_MESSAGE, its
// values dropped, as no page of the shop sends such a form.

export const FORM_SHAPE_MESSAGE =
  "This form could not be read: it was not sent the way the page sends it. Reload the page and try again.";

/** No form of the shop nests deeper than list -> row -> field; generous above that. */
const MAX_DEPTH = 6;
/** Rows of a list without a maximum of its own. */
const DEFAULT_MAX_ROWS = 200;

type Shape =
  | { kind: "any" }
  | { kind: "leaf" }
  | { kind: "list"; element: Shape; maxRows: number }
  | { kind: "record"; value: Shape }
  | { kind: "object"; fields: Map<string, Shape> };

const ANY: Shape = { kind: "any" };
const LEAF: Shape = { kind: "leaf" };

/** Two shapes a field may have (a union's options): where they disagree, anything goes. */
function merge(a: Shape, b: Shape): Shape {
  if (a.kind === "object" && b.kind === "object") {
    const fields = new Map(a.fields);
    for (const [name, shape] of b.fields) fields.set(name, fields.has(name) ? merge(fields.get(name)!, shape) : shape);
    return { kind: "object", fields };
  }
  if (a.kind === "list" && b.kind === "list")
    return { kind: "list", element: merge(a.element, b.element), maxRows: Math.max(a.maxRows, b.maxRows) };
  return a.kind === b.kind && a.kind === "leaf" ? LEAF : ANY;
}

const cache = new WeakMap<ZodTypeAny, Shape>();

/** What zod accepts, as a form's field names can carry it. */
export function shapeOf(schema: ZodTypeAny): Shape {
  const known = cache.get(schema);
  if (known) return known;
  const shape = derive(schema);
  cache.set(schema, shape);
  return shape;
}

function derive(schema: ZodTypeAny): Shape {
  const def = schema._def as { typeName?: string } & Record<string, unknown>;
  switch (def.typeName) {
    case z.ZodFirstPartyTypeKind.ZodObject: {
      const fields = new Map<string, Shape>();
      for (const [name, field] of Object.entries((schema as z.AnyZodObject).shape))
        fields.set(name, shapeOf(field as ZodTypeAny));
      return { kind: "object", fields };
    }
    case z.ZodFirstPartyTypeKind.ZodArray: {
      const max = (def.maxLength as { value: number } | null)?.value;
      // A few rows over the list's own maximum still get its own message ("at most 12 colours").
      return { kind: "list", element: shapeOf(def.type as ZodTypeAny), maxRows: max ? max + 10 : DEFAULT_MAX_ROWS };
    }
    case z.ZodFirstPartyTypeKind.ZodRecord:
      return { kind: "record", value: shapeOf(def.valueType as ZodTypeAny) };
    case z.ZodFirstPartyTypeKind.ZodEffects:
      return shapeOf(def.schema as ZodTypeAny);
    case z.ZodFirstPartyTypeKind.ZodOptional:
    case z.ZodFirstPartyTypeKind.ZodNullable:
    case z.ZodFirstPartyTypeKind.ZodDefault:
    case z.ZodFirstPartyTypeKind.ZodCatch:
    case z.ZodFirstPartyTypeKind.ZodReadonly:
      return shapeOf(def.innerType as ZodTypeAny);
    case z.ZodFirstPartyTypeKind.ZodBranded:
      return shapeOf(def.type as ZodTypeAny);
    case z.ZodFirstPartyTypeKind.ZodPipeline:
      return shapeOf(def.in as ZodTypeAny);
    case z.ZodFirstPartyTypeKind.ZodLazy:
      return ANY;
    case z.ZodFirstPartyTypeKind.ZodUnion:
    case z.ZodFirstPartyTypeKind.ZodDiscriminatedUnion: {
      const options = [...(def.options as Iterable<ZodTypeAny>)].map(shapeOf);
      return options.reduce(merge);
    }
    case z.ZodFirstPartyTypeKind.ZodIntersection:
      return merge(shapeOf(def.left as ZodTypeAny), shapeOf(def.right as ZodTypeAny));
    case z.ZodFirstPartyTypeKind.ZodAny:
    case z.ZodFirstPartyTypeKind.ZodUnknown:
      return ANY;
    default:
      return LEAF;
  }
}

type Segment = string | number;

/** conform's names: `a`, `a.b`, `a[0]`, `a[0].b`; null for anything else (`a[x]`, `a..b`, `a[`). */
export function segmentsOf(name: string): Segment[] | null {
  const segments: Segment[] = [];
  const pattern = /(?:^|\.)([^.[\]]+)|\[(\d{1,9})\]/gy;
  let at = 0;
  while (at < name.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(name);
    if (!match) return null;
    segments.push(match[2] !== undefined ? Number(match[2]) : match[1]!);
    at = pattern.lastIndex;
  }
  return segments;
}

/** Whether one name (sent with `values` values) fits the shape. */
function fits(segments: Segment[], shape: Shape, values: number): boolean {
  let node = shape;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    switch (node.kind) {
      case "any":
        return true;
      case "leaf":
        return false;
      case "list":
        if (typeof segment !== "number" || segment >= node.maxRows) return false;
        node = node.element;
        break;
      case "record":
        if (typeof segment !== "string") return false;
        node = node.value;
        break;
      case "object": {
        if (typeof segment !== "string") return false;
        const field = node.fields.get(segment);
        // A name the form does not have is not the form's concern (csrf, intent), beyond its depth.
        if (!field) return true;
        node = field;
      }
    }
  }
  // A plain value sent twice is only invalid input (zod says so), not a shape the page cannot render.
  if (node.kind === "leaf" || node.kind === "any") return true;
  // A list of plain values may come as the same name repeated (a group of checkboxes).
  return node.kind === "list" && node.element.kind !== "object" && values <= node.maxRows;
}

/** The most rows any list of any form may have, whatever its schema (checked by the form reader). */
const MAX_ANY_ROWS = 1000;

/**
 * What the form reader (form-body.server.ts) checks of every form, schema or not: no name nested
 * deeper than any form nests, no row index past MAX_ANY_ROWS.
 */
export function namesShapeProblem(formData: FormData): string | null {
  for (const name of new Set(formData.keys())) {
    let depth = 0;
    for (let i = 0; i < name.length; i++) if (name[i] === "." || name[i] === "[") depth++;
    if (depth >= MAX_DEPTH) return FORM_SHAPE_MESSAGE;
    for (const [, index] of name.matchAll(/\[(\d+)\]/g))
      if (index!.length > 4 || Number(index) >= MAX_ANY_ROWS) return FORM_SHAPE_MESSAGE;
  }
  return null;
}

/** The form's names against its schema: FORM_SHAPE_MESSAGE when one cannot be what the form sends. */
export function formShapeProblem(formData: FormData, schema: ZodTypeAny): string | null {
  const shape = shapeOf(schema);
  const counts = new Map<string, number>();
  for (const name of formData.keys()) counts.set(name, (counts.get(name) ?? 0) + 1);
  for (const [name, values] of counts) {
    const segments = segmentsOf(name);
    if (!segments) {
      // A malformed name is harmless only when its first part is not one of the form's fields.
      const head = /^[^.[\]]*/.exec(name)![0];
      if (shape.kind === "object" && shape.fields.has(head)) return FORM_SHAPE_MESSAGE;
      continue;
    }
    if (segments.length > MAX_DEPTH) return FORM_SHAPE_MESSAGE;
    if (shape.kind === "object" && !shape.fields.has(segments[0] as string)) continue;
    if (!fits(segments, shape, values)) return FORM_SHAPE_MESSAGE;
  }
  return null;
}

/**
 * parseWithZod, with the names checked first. A form of the wrong shape is a failed submission
 * with FORM_SHAPE_MESSAGE as its form error and nothing of what was sent (reply() then gives the
 * page no values to render back), so every action answers it as it answers invalid input: 400.
 */
export function parseForm<Schema extends ZodTypeAny>(
  formData: FormData,
  options: { schema: Schema },
): Submission<z.input<Schema>, string[], z.output<Schema>> {
  if (formShapeProblem(formData, options.schema) === null) return parseWithZod(formData, options);
  const refused = z
    .unknown()
    .superRefine((_value, ctx) => ctx.addIssue({ code: "custom", message: FORM_SHAPE_MESSAGE }));
  return parseWithZod(new FormData(), { schema: refused }) as unknown as Submission<
    z.input<Schema>,
    string[],
    z.output<Schema>
  >;
}

/** Whether parseForm refused the submission for its shape: actions with answers other than "invalid" (a preview, an upload) answer 400 instead. */
export function shapeRefused(submission: Submission<unknown, string[], unknown>): boolean {
  return (submission.status === "error" && submission.error?.[""]?.includes(FORM_SHAPE_MESSAGE)) ?? false;
}
