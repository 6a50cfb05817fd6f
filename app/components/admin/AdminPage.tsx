import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The frame of a back-office page: the way back, the heading, and what was wrong with the address (bad filters fall back to defaults). */
export function AdminPage({
  title,
  back = { to: "/admin", label: "Back office" },
  problems = [],
  actions,
  children,
}: {
  title: string;
  back?: { to: string; label: string };
  problems?: readonly string[];
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm">
        <Link to={back.to} className="underline">
          {back.label}
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-4">
        {/* Titles can hold an e-mail address: it may break anywhere rather than widen a phone screen. */}
        <h1 className="min-w-0 text-3xl font-semibold tracking-tight [overflow-wrap:anywhere]">{title}</h1>
        {actions}
      </div>
      {problems.length ? (
        <div role="alert" className="mt-4 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      ) : null}
      {children}
    </div>
  );
}

/** A heading and its content as a labelled region. */
export function AdminSection({
  id,
  title,
  children,
  className = "mt-10",
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
