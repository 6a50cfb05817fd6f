import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { PostCard, PostMeta, Prose, TagList } from "~/components/blog/PostCard";
import { SLUG_MAX, SLUG_PATTERN } from "~/lib/slug";
import { seo } from "~/lib/seo";
import { publicOrigin } from "~/server/http/public-origin.server";
import { backOfficeMember } from "~/server/http/permissions.server";
import { can } from "~/domain/staff";
import type { Post } from "~/domain/post";
import { notFound } from "~/server/http/not-found.server";
import { RENDER_CACHED } from "~/lib/render-cache";

export const handle = RENDER_CACHED;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  // Unknown, unpublished or malformed slugs are a 404 naming the path.
  if (slug.length > SLUG_MAX || !SLUG_PATTERN.test(slug)) throw notFound(request);
  const { blog, config } = context.shop;
  // Drafts and scheduled posts show to whoever may edit the blog (the owner, a manager, content).
  const member = await backOfficeMember(request, context);
  const found = await blog.readPost(slug, { admin: can(member?.role ?? null, "blog.manage") });
  if (!found) throw notFound(request);
  const origin = publicOrigin(request, config);
  // Built here, so the browser's bundle does not carry the serialiser.
  const jsonLd = postJsonLd(found.post, origin);
  const { body: _body, ...post } = found.post;
  return { ...found, post, jsonLd };
}

export const meta: MetaFunction<typeof loader> = (args) => {
  const post = args.data?.post;
  if (!post) return [{ title: "Page Not Found" }];
  return [
    ...seo(args, {
      title: post.title,
      description: post.excerpt.slice(0, 160),
      path: `/blog/${post.slug}`,
      image: post.cover?.url,
      type: "article",
      noindex: !args.data?.isLive,
    }),
    ...(post.publishAt ? [{ property: "article:published_time", content: post.publishAt }] : []),
    ...post.tags.map((t) => ({ property: "article:tag", content: t })),
  ];
};

/** schema.org BlogPosting, serialised so no "<" can close the script element early. */
function postJsonLd(post: Post, origin: string): string {
  const json = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    url: `${origin}/blog/${post.slug}`,
    mainEntityOfPage: `${origin}/blog/${post.slug}`,
    image: post.cover ? [`${origin}${post.cover.url}`] : undefined,
    datePublished: post.publishAt ?? undefined,
    dateModified: post.updatedAt,
    keywords: post.tags.join(", "),
    wordCount: post.body.split(/\s+/).filter(Boolean).length,
    author: { "@type": "Organization", name: "Hemline" },
    publisher: { "@type": "Organization", name: "Hemline" },
  };
  return JSON.stringify(json).replace(/</g, "\\u003c");
}

export default function BlogPost() {
  const { post, html, isLive, related, newer, older, jsonLd } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      {isLive ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} /> : null}
      <Breadcrumbs trail={[{ label: "Blog", to: "/blog" }, { label: post.title }]} />
      {!isLive ? (
        <p role="status" className="mt-6 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Preview: this post is {post.status === "draft" ? "a draft" : "scheduled"} and not public.{" "}
          <Link to={`/admin/blog/${post.id}/edit`} className="underline">
            Edit it
          </Link>
        </p>
      ) : null}
      <article className="mt-6">
        <header>
          <h1 className="text-4xl font-semibold tracking-tight">{post.title}</h1>
          <div className="mt-3">
            <PostMeta publishAt={post.publishAt} readingMinutes={post.readingMinutes} />
          </div>
          <div className="mt-3">
            <TagList tags={post.tags} />
          </div>
          {post.cover ? (
            <img
              src={post.cover.url}
              alt={post.cover.alt}
              width={1200}
              height={750}
              className="mt-8 aspect-[16/10] w-full rounded-lg bg-stone-100 object-cover"
            />
          ) : null}
        </header>
        <div className="mt-8">
          <Prose html={html} />
        </div>
      </article>

      {newer || older ? (
        <nav aria-label="More posts" className="mt-12 grid gap-4 border-t border-stone-200 pt-6 sm:grid-cols-2">
          <div>
            {older ? (
              <Link to={`/blog/${older.slug}`} rel="prev" className="block hover:underline">
                <span className="block text-xs uppercase tracking-wide text-stone-500">Previous post</span>
                {older.title}
              </Link>
            ) : null}
          </div>
          <div className="sm:text-right">
            {newer ? (
              <Link to={`/blog/${newer.slug}`} rel="next" className="block hover:underline">
                <span className="block text-xs uppercase tracking-wide text-stone-500">Next post</span>
                {newer.title}
              </Link>
            ) : null}
          </div>
        </nav>
      ) : null}

      {related.length ? (
        <section aria-labelledby="related-posts" className="mt-12">
          <h2 id="related-posts" className="text-2xl font-semibold tracking-tight">
            Related posts
          </h2>
          <ul className="mt-6 grid gap-8 sm:grid-cols-3">
            {related.map((p) => (
              <li key={p.id}>
                <PostCard post={p} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
