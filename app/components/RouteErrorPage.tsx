import { useRouteError } from "@remix-run/react";
import { LazyErrorPage } from "~/components/LazyErrorPage";
import { errorDetails } from "~/lib/error-details";
import { useRootData } from "~/components/layout/root-data";

/** The error page for whatever the nearest route threw; a route's boundary puts its own surroundings around it. */
export function RouteErrorPage() {
  const error = useRouteError();
  const root = useRootData();
  return <LazyErrorPage details={errorDetails(error)} supportEmail={root.supportEmail} />;
}
