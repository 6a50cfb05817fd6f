import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

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

/** Errors about the whole form (wrong password, expired form), announced when they appear. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return <div id={id} />;
  return (
    <div id={id} role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
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
