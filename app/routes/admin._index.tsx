import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { seo } from "~/lib/seo";
import { requireAdmin } from "~/server/auth/session.server";

export const meta: MetaFunction = (args) => seo(args, { title: "Back office", description: "Hemline back office.", noindex: true });

// The back-office home: the sections the admin issue fills in (linked once their pages exist). Guarded on the server.
const SECTIONS = [
  { title: "Products", text: "Catalogue, stock by size and colour, images.", path: "/admin/products" },
  { title: "Categories", text: "The seven categories with counts and sales.", path: "/admin/categories" },
  { title: "Orders", text: "Fulfilment, payments, refunds.", path: "/admin/orders" },
  { title: "Users", text: "Customers and administrators.", path: "/admin/users" },
  { title: "Analytics", text: "Sales, orders and customers over time.", path: "/admin/analytics" },
  { title: "Blog", text: "Posts, drafts and scheduling.", path: "/admin/blog", ready: true },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const state = await requireAdmin(request);
  return { email: state.user.email, sections: SECTIONS };
}

export default function AdminHome() {
  const { email, sections } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Back office</h1>
      <p className="mt-2 text-sm text-stone-600">Signed in as {email}.</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map((s) => (
          <li key={s.path} className="rounded-lg border border-stone-200 p-5">
            <h2 className="font-semibold">
              {"ready" in s && s.ready ? (
                <Link to={s.path} className="underline">
                  {s.title}
                </Link>
              ) : (
                s.title
              )}
            </h2>
            <p className="mt-1 text-sm text-stone-600">{s.text}</p>
            <p className="mt-3 text-xs text-stone-500">{s.path}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
