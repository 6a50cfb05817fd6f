import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminNav } from "~/components/admin/AdminNav";
import { requireAdminActor } from "~/server/auth/admin-actor.server";

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
