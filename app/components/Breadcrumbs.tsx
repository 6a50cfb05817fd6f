import { Link } from "@remix-run/react";
import { Fragment } from "react";

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  to?: string;
}

/** "Home / Jeans / Selvedge Slim Jeans": the trail starts at Home and ends at the current page. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const crumbs: Crumb[] = [{ label: "Home", to: "/" }, ...trail];
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-stone-500">
      <ol className="flex flex-wrap gap-2">
        {crumbs.map((c, i) => (
          <Fragment key={`${c.label}-${i}`}>
            {i > 0 ? <li aria-hidden="true">/</li> : null}
            <li aria-current={c.to ? undefined : "page"} className={c.to ? undefined : "text-stone-700"}>
              {c.to ? (
                <Link to={c.to} className="hover:underline">
                  {c.label}
                </Link>
              ) : (
                c.label
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
