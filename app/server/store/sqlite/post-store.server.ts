import { PostSlugTakenError, type PostStore } from "../port";
import type { Post, PostStatus } from "~/domain/post";
import type { SqliteDatabase } from "./database.server";

interface PostRow {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  cover_url: string | null;
  cover_alt: string | null;
  tags: string;
  status: string;
  publish_at: string | null;
  reading_minutes: number;
  created_at: string;
  updated_at: string;
}

const fromRow = (row: PostRow): Post => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  excerpt: row.excerpt,
  body: row.body,
  cover: row.cover_url ? { url: row.cover_url, alt: row.cover_alt ?? "" } : null,
  tags: JSON.parse(row.tags) as string[],
  status: row.status as PostStatus,
  publishAt: row.publish_at,
  readingMinutes: row.reading_minutes,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export function createSqlitePostStore(db: SqliteDatabase): PostStore {
  const get = db.prepare<[string], PostRow>("SELECT * FROM posts WHERE id = ?");
  const getBySlug = db.prepare<[string], PostRow>("SELECT * FROM posts WHERE slug = ?");
  // NULL publish dates (drafts never dated) sort first, like the Firestore adapter.
  const list = db.prepare<[], PostRow>(
    "SELECT * FROM posts ORDER BY publish_at IS NOT NULL, publish_at DESC, created_at DESC, id",
  );
  const count = db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM posts");
  const upsert = db.prepare(
    `INSERT INTO posts (id, slug, title, excerpt, body, cover_url, cover_alt, tags, status, publish_at, reading_minutes, created_at, updated_at)
     VALUES (@id, @slug, @title, @excerpt, @body, @coverUrl, @coverAlt, @tags, @status, @publishAt, @readingMinutes, @createdAt, @updatedAt)
     ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, title = excluded.title, excerpt = excluded.excerpt, body = excluded.body,
       cover_url = excluded.cover_url, cover_alt = excluded.cover_alt, tags = excluded.tags, status = excluded.status,
       publish_at = excluded.publish_at, reading_minutes = excluded.reading_minutes, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[string]>("DELETE FROM posts WHERE id = ?");

  return {
    async get(id) {
      const row = get.get(id);
      return row ? fromRow(row) : null;
    },
    async getBySlug(slug) {
      const row = getBySlug.get(slug);
      return row ? fromRow(row) : null;
    },
    async list() {
      return list.all().map(fromRow);
    },
    async count() {
      return count.get()!.n;
    },
    async save(post) {
      const owner = getBySlug.get(post.slug);
      if (owner && owner.id !== post.id) throw new PostSlugTakenError(post.slug);
      const now = new Date().toISOString();
      const previous = get.get(post.id);
      upsert.run({
        id: post.id,
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        body: post.body,
        coverUrl: post.cover?.url ?? null,
        coverAlt: post.cover?.alt ?? null,
        tags: JSON.stringify(post.tags),
        status: post.status,
        publishAt: post.publishAt,
        readingMinutes: post.readingMinutes,
        createdAt: post.createdAt ?? previous?.created_at ?? now,
        updatedAt: post.updatedAt ?? now,
      });
      return fromRow(get.get(post.id)!);
    },
    async delete(id) {
      return remove.run(id).changes > 0;
    },
  };
}
