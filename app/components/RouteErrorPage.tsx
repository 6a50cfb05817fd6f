import { useRouteError } from "@remix-run/react";
import { ErrorPage } from "~/components/ErrorPage";
import { errorDetails } from "~/lib/error-details";
import { useRootData } from "~/components/layout/root-data";

/** The error page for whatever the nearest route threw; a route's boundary puts its own surroundings around it. */
export function RouteErrorPage() {
  const error = useRouteError();
  const root = useRootData();
  return <ErrorPage details={errorDetails(error)} supportEmail={root.supportEmail} />;
}
