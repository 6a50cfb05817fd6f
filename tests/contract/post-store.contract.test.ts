import { describe, expect, it } from "vitest";
import { PostSlugTakenError } from "~/server/store/port";
import type { PostInput } from "~/domain/post";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

let counter = 0;
const makePost = (overrides: Partial<PostInput> = {}): PostInput => {
  counter += 1;
  return {
    id: `post-${counter}`,
    slug: `post-number-${counter}`,
    title: `Post number ${counter}`,
    excerpt: "A short summary.",
    body: "# Hello\n\nSome *Markdown*.",
    cover: { url: "/media/v1/dresses/flat/9caf88.svg", alt: "A sage dress laid flat" },
    tags: ["styling", "dresses"],
    status: "published",
    publishAt: "2026-10-01T09:00:00.000Z",
    readingMinutes: 1,
    createdAt: "2026-09-30T09:00:00.000Z",
    updatedAt: "2026-09-30T09:00:00.000Z",
    ...overrides,
  };
};

describe.each(STORE_ADAPTERS)("PostStore contract: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("starts empty", async () => {
    expect(await db.store.posts.count()).toBe(0);
    expect(await db.store.posts.list()).toEqual([]);
    expect(await db.store.posts.get("nope")).toBeNull();
    expect(await db.store.posts.getBySlug("nope")).toBeNull();
  });

  it("returns a post exactly as written, by id and by slug", async () => {
    const input = makePost();
    const saved = await db.store.posts.save(input);
    expect(saved).toEqual(input);
    expect(await db.store.posts.get(input.id)).toEqual(input);
    expect(await db.store.posts.getBySlug(input.slug)).toEqual(input);
  });

  it("keeps a draft without a cover or a date", async () => {
    const input = makePost({ status: "draft", cover: null, publishAt: null, tags: [] });
    await db.store.posts.save(input);
    expect(await db.store.posts.get(input.id)).toEqual(input);
  });

  it("sets timestamps when absent and keeps createdAt on replace", async () => {
    const { createdAt: _c, updatedAt: _u, ...input } = makePost();
    const first = await db.store.posts.save(input);
    expect(first.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const second = await db.store.posts.save({ ...input, title: "Renamed", updatedAt: "2099-01-01T00:00:00.000Z" });
    expect(second).toMatchObject({
      title: "Renamed",
      createdAt: first.createdAt,
      updatedAt: "2099-01-01T00:00:00.000Z",
    });
    expect(await db.store.posts.count()).toBe(1);
  });

  it("moves the slug when a post is renamed, freeing the old one", async () => {
    const input = makePost();
    await db.store.posts.save(input);
    await db.store.posts.save({ ...input, slug: "a-new-slug" });
    expect(await db.store.posts.getBySlug(input.slug)).toBeNull();
    expect((await db.store.posts.getBySlug("a-new-slug"))?.id).toBe(input.id);
    const other = makePost({ slug: input.slug });
    await expect(db.store.posts.save(other)).resolves.toMatchObject({ slug: input.slug });
  });

  it("rejects a slug that another post has, and changes nothing", async () => {
    const a = makePost();
    await db.store.posts.save(a);
    const b = makePost({ slug: a.slug });
    await expect(db.store.posts.save(b)).rejects.toBeInstanceOf(PostSlugTakenError);
    expect(await db.store.posts.get(b.id)).toBeNull();
    expect((await db.store.posts.getBySlug(a.slug))?.id).toBe(a.id);
  });

  it("lists undated posts first, then newest publish date first", async () => {
    const old = makePost({ publishAt: "2026-01-01T00:00:00.000Z" });
    const recent = makePost({ publishAt: "2026-06-01T00:00:00.000Z" });
    const undated = makePost({ status: "draft", publishAt: null });
    for (const p of [old, undated, recent]) await db.store.posts.save(p);
    expect((await db.store.posts.list()).map((p) => p.id)).toEqual([undated.id, recent.id, old.id]);
  });

  it("deletes a post and its slug", async () => {
    const input = makePost();
    await db.store.posts.save(input);
    expect(await db.store.posts.delete(input.id)).toBe(true);
    expect(await db.store.posts.get(input.id)).toBeNull();
    expect(await db.store.posts.getBySlug(input.slug)).toBeNull();
    expect(await db.store.posts.delete(input.id)).toBe(false);
    await expect(db.store.posts.save(makePost({ slug: input.slug }))).resolves.toBeTruthy();
  });
});
