import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PostCard } from "~/components/blog/PostCard";
import { Pagination } from "~/components/catalog/Pagination";
import { SLUG_PATTERN } from "~/lib/slug";
import { seo } from "~/lib/seo";
import { RENDER_CACHED } from "~/lib/render-cache";

export const meta: MetaFunction<typeof loader> = (args) => {
  const tag = args.data?.tag;
  return [
    ...seo(args, {
      title: tag ? `Blog: #${tag}` : "Blog",
      description: "Styling guides, care tips and news of our collections from Hemline.",
      path: tag ? `/blog?tag=${encodeURIComponent(tag)}` : "/blog",
    }),
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "Hemline blog", href: "/blog/rss.xml" },
  ];
};

export const handle = RENDER_CACHED;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const rawTag = url.searchParams.get("tag")?.trim().toLowerCase() || null;
  const validTag = rawTag && rawTag.length <= 40 && SLUG_PATTERN.test(rawTag) ? rawTag : null;
  const page = Math.min(Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1), 10_000);
  // A tag that no post could have ("-" is never a tag) matches nothing rather than failing.
  const result = await context.shop.blog.listPublished({ page, tag: rawTag ? (validTag ?? "-") : null });
  return { ...result, tag: validTag, unknownTag: Boolean(rawTag && !validTag) };
}

export default function BlogIndex() {
  const { posts, page, pageCount, tags, tag, unknownTag, total } = useLoaderData<typeof loader>();
  const href = (p: number) => {
    const params = new URLSearchParams();
    if (tag) params.set("tag", tag);
    if (p > 1) params.set("page", String(p));
    const qs = params.toString();
    return qs ? `/blog?${qs}` : "/blog";
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-semibold tracking-tight">{tag ? `Blog: #${tag}` : "Blog"}</h1>
      <p className="mt-2 text-stone-600">
        Styling guides, care tips and news of our collections.{" "}
        <a href="/blog/rss.xml" className="underline">
          RSS feed
        </a>
      </p>
      {tags.length ? (
        <nav aria-label="Blog tags" className="mt-6">
          <ul className="flex flex-wrap gap-2 text-sm">
            <li>
              <Link
                to="/blog"
                aria-current={tag ? undefined : "page"}
                className={`rounded-full px-3 py-1 ${tag ? "bg-stone-100 hover:bg-stone-200" : "bg-stone-900 text-white"}`}
              >
                All posts
              </Link>
            </li>
            {tags.map((t) => (
              <li key={t}>
                <Link
                  to={`/blog?tag=${encodeURIComponent(t)}`}
                  aria-current={t === tag ? "page" : undefined}
                  className={`rounded-full px-3 py-1 ${t === tag ? "bg-stone-900 text-white" : "bg-stone-100 hover:bg-stone-200"}`}
                >
                  #{t}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {total === 0 ? (
        <p className="mt-10 text-stone-600">
          {tag || unknownTag ? (
            <>
              No posts with this tag yet.{" "}
              <Link to="/blog" className="underline">
                See every post
              </Link>
              .
            </>
          ) : (
            "No posts yet. Come back soon."
          )}
        </p>
      ) : (
        <ul className="mt-10 grid gap-x-8 gap-y-12 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((p) => (
            <li key={p.id}>
              <PostCard post={p} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} href={href} />
    </div>
  );
}
