import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { formatPostDate } from "~/lib/blog";
import { seo } from "~/lib/seo";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Blog posts", description: "Every blog post.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "blog.manage");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const posts = await context.shop.blog.adminList(q);
  return { posts, q };
}

const STATUS_LABEL = { draft: "Draft", published: "Published", scheduled: "Scheduled" } as const;

export default function AdminBlog() {
  const { posts, q } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <p className="text-sm">
        <Link to="/admin" className="underline">
          Back office
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold tracking-tight">Blog posts</h1>
        <Link to="/admin/blog/new" className="btn-primary">
          New post
        </Link>
      </div>
      <Form method="get" role="search" aria-label="Find posts" className="mt-6 flex gap-2">
        <label htmlFor="post-search" className="sr-only">
          Search posts by title
        </label>
        <input
          id="post-search"
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Search by title"
          className="input max-w-sm"
        />
        <button type="submit" className="btn-secondary">
          Search
        </button>
      </Form>
      {posts.length === 0 ? (
        <p className="mt-8 text-stone-600">{q ? `No post title contains “${q}”.` : "No posts yet."}</p>
      ) : (
        <div className="mt-8 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Blog posts</caption>
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2 pr-4">
                  Title
                </th>
                <th scope="col" className="py-2 pr-4">
                  Status
                </th>
                <th scope="col" className="py-2 pr-4">
                  Publish date
                </th>
              </tr>
            </thead>
            <tbody>
              {posts.map((p) => (
                <tr key={p.id} className="border-b border-stone-200">
                  <td className="py-2 pr-4">
                    <Link to={`/admin/blog/${p.id}/edit`} className="font-medium underline">
                      {p.title}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">
                    {STATUS_LABEL[p.status]}
                    {p.status === "scheduled" ? (p.isLive ? " (live)" : " (not yet live)") : null}
                  </td>
                  <td className="py-2 pr-4">{p.publishAt ? formatPostDate(p.publishAt) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
