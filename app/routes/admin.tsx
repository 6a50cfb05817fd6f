import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { AdminNav } from "~/components/admin/AdminNav";
import { RouteErrorPage } from "~/components/RouteErrorPage";
import { requireStaff } from "~/server/http/permissions.server";

// The layout of every /admin page: the back-office navigation above the page, with the sections
// the member's role may use. It lets in any member of staff; every child loader and action checks
// its own permission (they may run without the layout).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  return { email: staff.actor, permissions: staff.permissions };
}

export default function AdminLayout() {
  const { email, permissions } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminNav email={email} permissions={permissions} />
      <Outlet />
    </>
  );
}

/** A back-office page that fails keeps the navigation, when the visitor is an admin at all. */
export function ErrorBoundary() {
  const admin = useRouteLoaderData<typeof loader>("routes/admin");
  return (
    <>
      {admin ? <AdminNav email={admin.email} permissions={admin.permissions} /> : null}
      <RouteErrorPage />
    </>
  );
}
