import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { AdminNav } from "~/components/admin/AdminNav";
import { RouteErrorPage } from "~/components/RouteErrorPage";
import { requireAdminActor } from "~/server/http/admin-actor.server";

// The layout of every /admin page: the back-office navigation above the page. It checks the
// admin role itself, and so does every child loader and action (they may run without it).
export async function loader({ request }: LoaderFunctionArgs) {
  return { email: await requireAdminActor(request) };
}

export default function AdminLayout() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminNav email={email} />
      <Outlet />
    </>
  );
}

/** A back-office page that fails keeps the navigation, when the visitor is an admin at all. */
export function ErrorBoundary() {
  const admin = useRouteLoaderData<typeof loader>("routes/admin");
  return (
    <>
      {admin ? <AdminNav email={admin.email} /> : null}
      <RouteErrorPage />
    </>
  );
}
