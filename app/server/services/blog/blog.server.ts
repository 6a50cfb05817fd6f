import crypto from "node:crypto";
import { CATEGORIES } from "~/lib/categories";
import { excerptFrom, normaliseTags, parsePublishAt, POSTS_PER_PAGE, readingMinutes } from "~/lib/blog";
import { slugify } from "~/lib/slug";
import { PostSlugTakenError, type Store } from "../../store/port";
import type { AuditService } from "../audit/audit.server";
import type { Post, PostCover, PostStatus } from "~/domain/post";
import { renderMarkdown } from "./markdown.server";

// The blog's business rules: who may read what and when, slugs, excerpts, reading time, tags.
// A shop's blog has tens of posts, so listing and filtering work on the whole list in memory.
// An admin's change (save, delete) is written to the audit log here, as products and orders are.

export interface PostValues {
  title: string;
  slug?: string;
  excerpt?: string;
  body: string;
  tags?: string;
  status: PostStatus;
  /** The editor's "publish at" (YYYY-MM-DDTHH:MM, UTC). */
  publishAt?: string;
  cover: PostCover | null;
}

export type SaveResult = { success: true; post: Post } | { success: false; fieldErrors: Record<string, string[]> };

export interface PostSummary {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  cover: PostCover;
  tags: string[];
  publishAt: string | null;
  readingMinutes: number;
}

const COVER_COLOURS = ["9caf88", "c8a27a", "1f3a5f", "d8d0c4", "7a2e3b", "3f5e4a", "e4c9b6"];

/** The cover to show: the uploaded one, else a generated illustration picked from the post's id. */
export function coverOf(post: Pick<Post, "id" | "title" | "cover">): PostCover {
  if (post.cover) return post.cover;
  const hash = crypto.createHash("sha1").update(post.id).digest();
  const category = CATEGORIES[hash[0] % CATEGORIES.length];
  const colour = COVER_COLOURS[hash[1] % COVER_COLOURS.length];
  return {
    url: `/media/v1/${category.id}/flat/${colour}.svg`,
    alt: `Illustration: ${category.name.toLowerCase()} for “${post.title}”`,
  };
}

/** Published and scheduled posts are public once their date has passed; drafts never are. */
export function isPublic(post: Pick<Post, "status" | "publishAt">, now: Date = new Date()): boolean {
  return post.status !== "draft" && post.publishAt !== null && post.publishAt <= now.toISOString();
}

const summarise = (post: Post): PostSummary => ({
  id: post.id,
  slug: post.slug,
  title: post.title,
  excerpt: post.excerpt,
  cover: coverOf(post),
  tags: post.tags,
  publishAt: post.publishAt,
  readingMinutes: post.readingMinutes,
});

/** What the blog keeps its posts in, and where the back office's changes are recorded. */
export interface BlogDeps {
  store: Store;
  /** Creating, editing, publishing and deleting a post are recorded in the audit log. */
  audit: Pick<AuditService, "record">;
  /** Decides which posts are out (publishAt); absent in production, where it is the real clock (tests fix it). */
  now?: () => Date;
}

export function createBlogService(deps: BlogDeps) {
  const { store } = deps;
  const clock = deps.now ?? (() => new Date());
  async function published(): Promise<Post[]> {
    const now = clock();
    // list() is newest publishAt first, so the public order needs no sort of its own.
    return (await store.posts.list()).filter((p) => isPublic(p, now));
  }

  return {
    /** One page of public posts, newest first, optionally with one tag. */
    async listPublished({ page = 1, tag = null }: { page?: number; tag?: string | null }) {
      const all = await published();
      const tags = [...new Set(all.flatMap((p) => p.tags))].sort();
      const matching = tag ? all.filter((p) => p.tags.includes(tag)) : all;
      const pageCount = Math.max(1, Math.ceil(matching.length / POSTS_PER_PAGE));
      const current = Math.min(Math.max(1, page), pageCount);
      return {
        posts: matching.slice((current - 1) * POSTS_PER_PAGE, current * POSTS_PER_PAGE).map(summarise),
        total: matching.length,
        page: current,
        pageCount,
        tags,
      };
    },

    /** A post for a reader: null when unknown, or not public and the reader is not an admin. */
    async readPost(slug: string, { admin }: { admin: boolean }) {
      const post = await store.posts.getBySlug(slug);
      if (!post) return null;
      const isLive = isPublic(post, clock());
      if (!isLive && !admin) return null;
      const all = await published();
      const index = all.findIndex((p) => p.id === post.id);
      const related = all
        .filter((p) => p.id !== post.id && p.tags.some((t) => post.tags.includes(t)))
        .slice(0, 3)
        .map(summarise);
      return {
        post: { ...post, cover: coverOf(post) },
        html: renderMarkdown(post.body),
        isLive,
        related,
        // Newer and older neighbours in the public list (none for a preview).
        newer: index > 0 ? summarise(all[index - 1]) : null,
        older: index >= 0 && index < all.length - 1 ? summarise(all[index + 1]) : null,
      };
    },

    /** Every post for the back office, optionally only titles containing `query`. */
    async adminList(query = "") {
      const q = query.trim().toLowerCase();
      const now = clock();
      return (await store.posts.list())
        .filter((p) => !q || p.title.toLowerCase().includes(q))
        .map((p) => ({
          id: p.id,
          slug: p.slug,
          title: p.title,
          status: p.status,
          publishAt: p.publishAt,
          isLive: isPublic(p, now),
          updatedAt: p.updatedAt,
        }));
    },

    get: (id: string) => store.posts.get(id),

    preview: (body: string) => renderMarkdown(body),

    /**
     * Create (no id) or update a post; field errors for a taken slug or a date that cannot be used.
     * With the admin's e-mail (`actor`) the change goes to the audit log.
     */
    async save(values: PostValues, id?: string, actor?: string): Promise<SaveResult> {
      const existing = id ? await store.posts.get(id) : null;
      if (id && !existing) return { success: false, fieldErrors: { "": ["This post no longer exists."] } };
      const slug = values.slug ? values.slug : slugify(values.title);
      if (!slug)
        return {
          success: false,
          fieldErrors: { slug: ["Enter a slug: the title has no letters or digits to make one from."] },
        };
      let publishAt: string | null = null;
      if (values.publishAt) {
        publishAt = parsePublishAt(values.publishAt);
        if (!publishAt)
          return { success: false, fieldErrors: { publishAt: ["Enter a real date and time, like 2026-12-01T09:00."] } };
      }
      if (values.status === "scheduled" && !publishAt) {
        return {
          success: false,
          fieldErrors: { publishAt: ["A scheduled post needs the date and time it goes live."] },
        };
      }
      if (values.status === "published" && !publishAt)
        publishAt = existing?.status === "published" && existing.publishAt ? existing.publishAt : clock().toISOString();
      const excerpt = values.excerpt?.trim() || excerptFrom(values.body);
      try {
        const post = await store.posts.save({
          id: existing?.id ?? crypto.randomBytes(8).toString("hex"),
          slug,
          title: values.title.trim(),
          excerpt,
          body: values.body,
          cover: values.cover,
          tags: normaliseTags(values.tags ?? ""),
          status: values.status,
          publishAt,
          readingMinutes: readingMinutes(values.body),
          createdAt: existing?.createdAt,
        });
        if (actor) {
          await deps.audit.record({
            actor,
            entityType: "post",
            entityId: post.id,
            action: existing ? "update" : "create",
            summary: existing
              ? `Edited post “${post.title}” (${post.status})`
              : `Created post “${post.title}” (${post.status})`,
            before: existing,
            after: post,
          });
        }
        return { success: true, post };
      } catch (error) {
        if (error instanceof PostSlugTakenError) {
          return {
            success: false,
            fieldErrors: { slug: [`Another post already uses the slug “${slug}”. Choose a different one.`] },
          };
        }
        throw error;
      }
    },

    /** Delete a post for good; with the admin's e-mail (`actor`) the deletion goes to the audit log. */
    async delete(id: string, actor?: string) {
      const before = await store.posts.get(id);
      await store.posts.delete(id);
      if (before && actor) {
        await deps.audit.record({
          actor,
          entityType: "post",
          entityId: id,
          action: "delete",
          summary: `Deleted post “${before.title}”`,
          before,
          after: null,
        });
      }
    },

    /** Public posts for the RSS feed and the sitemap, newest first. */
    async feed(limit = 50) {
      return (await published()).slice(0, limit);
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
