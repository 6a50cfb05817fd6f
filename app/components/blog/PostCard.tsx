import { Link } from "@remix-run/react";
import { formatPostDate } from "~/lib/blog";
import type { PostSummary } from "~/server/services/blog/blog.server";

export function TagList({ tags }: { tags: string[] }) {
  if (!tags.length) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Tags">
      {tags.map((t) => (
        <li key={t}>
          <Link
            to={`/blog?tag=${encodeURIComponent(t)}`}
            className="relative z-10 rounded-full bg-stone-100 px-2.5 py-0.5 text-xs text-stone-700 hover:bg-stone-200"
          >
            #{t}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function PostMeta({ publishAt, readingMinutes }: { publishAt: string | null; readingMinutes: number }) {
  return (
    <p className="text-sm text-stone-500">
      {publishAt ? <time dateTime={publishAt}>{formatPostDate(publishAt)}</time> : "Not published"} · {readingMinutes}{" "}
      min read
    </p>
  );
}

export function PostCard({ post, headingLevel = 2 }: { post: PostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex flex-col">
      <div className="aspect-[16/10] overflow-hidden rounded-lg bg-stone-100">
        <img
          src={post.cover.url}
          alt={post.cover.alt}
          width={640}
          height={400}
          loading="lazy"
          className="h-full w-full object-cover"
        />
      </div>
      <Heading className="mt-4 text-lg font-semibold text-stone-900">
        <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 group-hover:underline">
          {post.title}
        </Link>
      </Heading>
      <div className="mt-1">
        <PostMeta publishAt={post.publishAt} readingMinutes={post.readingMinutes} />
      </div>
      <p className="mt-2 text-stone-700">{post.excerpt}</p>
      <div className="mt-3">
        <TagList tags={post.tags} />
      </div>
    </article>
  );
}

/** The rendered Markdown of a post, styled by explicit classes (no typography plugin). */
export function Prose({ html }: { html: string }) {
  return (
    <div
      className={[
        "max-w-none leading-7 text-stone-800 [&_a]:text-stone-900 [&_a]:underline [&_blockquote]:my-6",
        "[&_blockquote]:border-l-4 [&_blockquote]:border-stone-300 [&_blockquote]:pl-4 [&_blockquote]:italic",
        "[&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1 [&_code]:text-sm [&_h1]:mt-10 [&_h1]:text-3xl",
        "[&_h1]:font-semibold [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:mt-8 [&_h3]:text-xl",
        "[&_h3]:font-semibold [&_hr]:my-8 [&_img]:my-6 [&_img]:rounded-lg [&_li]:mt-1 [&_ol]:my-4",
        "[&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-4 [&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg",
        "[&_pre]:bg-stone-900 [&_pre]:p-4 [&_pre]:text-stone-100 [&_pre_code]:bg-transparent [&_table]:my-6",
        "[&_table]:w-full [&_table]:text-left [&_table]:text-sm [&_td]:border-b [&_td]:border-stone-200",
        "[&_td]:py-2 [&_td]:pr-4 [&_th]:border-b [&_th]:border-stone-400 [&_th]:py-2 [&_th]:pr-4 [&_ul]:my-4",
        "[&_ul]:list-disc [&_ul]:pl-6",
      ].join(" ")}
      // Rendered on the server by markdown-it with raw HTML escaped (services/blog/markdown.server.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
