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
  const errorId = meta.errors?.length ? meta.errorId : undefined;
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const props = getInputProps(meta, { type, ariaAttributes: true });
  return (
    <div>
      <label htmlFor={meta.id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        {...props}
        key={props.key}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className="input mt-1"
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-stone-500">
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
