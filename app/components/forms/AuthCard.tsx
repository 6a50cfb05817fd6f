import type { ReactNode } from "react";

export function AuthCard({
  title,
  lead,
  children,
  footer,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {lead ? <p className="mt-2 text-sm text-stone-600">{lead}</p> : null}
      <div className="mt-6 space-y-5">{children}</div>
      {footer ? <div className="mt-8 border-t border-stone-200 pt-6 text-sm text-stone-600">{footer}</div> : null}
    </div>
  );
}
