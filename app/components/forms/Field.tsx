import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useErrorTitle } from "~/lib/error-title";

type InputType = "text" | "email" | "password" | "search" | "hidden" | "number" | "url" | "tel";

/** A labelled input with its hint and its errors, wired for screen readers. */
export function Field({
  meta,
  label,
  type,
  hint,
  autoComplete,
  autoFocus,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type: InputType;
  hint?: ReactNode;
  autoComplete?: string;
  autoFocus?: boolean;
}) {
  const props = getInputProps(meta, { type, ariaAttributes: true });
  return (
    <Described meta={meta} label={label} hint={hint}>
      <input
        {...props}
        key={props.key}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-describedby={describedBy(meta, Boolean(hint))}
        className="input mt-1"
      />
    </Described>
  );
}

/** The ids of a field's hint and errors, for aria-describedby. */
export const describedBy = (meta: FieldMetadata<string | undefined>, hint: boolean) =>
  [hint ? `${meta.id}-hint` : null, meta.errors?.length ? meta.errorId : null].filter(Boolean).join(" ") || undefined;

/** A label, any control, its hint and its errors: the frame every form field shares. */
export function Described({
  meta,
  label,
  hint,
  children,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={meta.id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${meta.id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      {meta.errors?.length ? (
        <ul id={meta.errorId} className="mt-1 text-sm text-red-700">
          {meta.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A field that failed, for the error summary: the id to link to, its label (if any) and its messages. */
export interface FieldProblem {
  id: string;
  label: string;
  errors?: string[];
}

/**
 * The fields of a conform form that failed its last submission (none before a submission, so
 * errors shown as someone leaves a field stay beside it), with the labels the summary links by.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's schema
export function invalidFields(form: FormMetadata<any, string[]>, labels: Record<string, string>): FieldProblem[] {
  if (form.status !== "error") return [];
  const fieldset = form.getFieldset() as Record<string, FieldMetadata<unknown>>;
  return Object.entries(labels)
    .map(([name, label]) => ({ id: fieldset[name]?.id ?? name, label, errors: fieldset[name]?.errors }))
    .filter((f) => f.errors?.length);
}

/**
 * The error summary every form shares: at the top of the form, what went wrong with the whole
 * form and a link to each field that needs correcting, announced (role="alert") and, when it
 * appears after a submission with JavaScript, focused. The page's title then starts "Error: ".
 */
export function FormErrors({
  id,
  errors: liveErrors,
  fields: liveFields = [],
}: {
  id: string;
  errors?: string[];
  fields?: FieldProblem[];
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Every submission of the form it belongs to, even one that fails with the same messages again.
  const [submissions, setSubmissions] = useState(0);
  useEffect(() => {
    const form = ref.current?.closest("form");
    if (!form) return;
    // After conform has validated the submission (its handler runs after this listener).
    const count = () => setTimeout(() => setSubmissions((n) => n + 1));
    form.addEventListener("submit", count);
    return () => form.removeEventListener("submit", count);
  }, []);
  // What the summary lists changes with a submission (or the server's answer), not as fields are
  // corrected: a summary shrinking as a field loses focus would move the button being clicked.
  const formKey = (liveErrors ?? []).join("\n");
  const shown = useRef({ submissions, formKey, errors: liveErrors, fields: liveFields });
  if (shown.current.submissions !== submissions || shown.current.formKey !== formKey) {
    shown.current = { submissions, formKey, errors: liveErrors, fields: liveFields };
  }
  const { errors, fields } = shown.current;
  const messages = [...(errors ?? []), ...fields.flatMap((f) => f.errors ?? [])];
  const visible = messages.length > 0;
  useErrorTitle(visible, ref);
  const key = messages.join("\n");
  useEffect(() => {
    // Errors of a form (not those a page shows as it loads, like an expired link) take the focus.
    if (key && ref.current?.closest("form")) ref.current.focus();
  }, [key, submissions]);
  return (
    <div
      id={id}
      ref={ref}
      tabIndex={visible ? -1 : undefined}
      role={visible ? "alert" : undefined}
      className={
        visible
          ? "rounded-md bg-red-50 px-4 py-3 text-sm text-red-800 focus:outline focus:outline-2 focus:outline-offset-2 focus:outline-red-800"
          : undefined
      }
    >
      {visible ? (
        <>
          {fields.length ? <h2 className="font-semibold">There is a problem</h2> : null}
          {errors?.map((e) => (
            <p key={e}>{e}</p>
          ))}
          {fields.length ? (
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {fields.flatMap((f) =>
                (f.errors ?? []).map((e) => (
                  <li key={`${f.id} ${e}`}>
                    <a href={`#${f.id}`} className="underline">
                      {f.label ? `${f.label}: ` : ""}
                      {e}
                    </a>
                  </li>
                )),
              )}
            </ul>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
      {children}
    </div>
  );
}
