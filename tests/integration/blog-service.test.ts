import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { seedPostsIfEmpty } from "~/server/seed/seed.server";
import { createBlogService, type BlogService, type PostValues } from "~/server/services/blog/blog.server";
import { createAuditService } from "~/server/services/audit/audit.server";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS } from "../contract/adapters";

// The blog's rules on every real store: who sees what and when, slugs, the public order.
describe.each(STORE_ADAPTERS)("blog service on $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let now: Date;
  let blog: BlogService;

  const values = (overrides: Partial<PostValues> = {}): PostValues => ({
    title: "Summer linen guide",
    body: "Linen breathes. ".repeat(30),
    status: "draft",
    cover: null,
    ...overrides,
  });

  beforeEach(async () => {
    ({ store, dispose } = await adapter.create());
    now = new Date("2026-11-01T12:00:00.000Z");
    blog = createBlogService({ store, audit: createAuditService({ store }), now: () => now });
  });
  afterEach(async () => {
    await dispose();
  });

  it("seeds six public posts once, newest first", async () => {
    expect(await seedPostsIfEmpty(store, () => {})).toBe(6);
    expect(await seedPostsIfEmpty(store, () => {})).toBe(0);
    const live = createBlogService({ store, audit: createAuditService({ store }) });
    const { posts, total } = await live.listPublished({});
    expect(total).toBe(6);
    expect(posts[0].slug).toBe("autumn-winter-collection-2026");
    const care = await live.listPublished({ tag: "care-tips" });
    expect(care.posts.map((p) => p.slug).sort()).toEqual(["caring-for-leather-shoes", "how-to-wash-wool-and-cashmere"]);
  });

  it("writes an admin's create, edit and delete to the audit log, with before and after", async () => {
    const audit = createAuditService({ store, now: () => now });
    const audited = createBlogService({ store, audit, now: () => now });
    const created = await audited.save(values(), undefined, "owner@hemline.test");
    if (!created.success) throw new Error("save failed");
    now = new Date("2026-11-01T12:01:00.000Z");
    const edited = await audited.save(
      values({ title: "Linen, revisited", slug: "summer-linen-guide" }),
      created.post.id,
      "owner@hemline.test",
    );
    if (!edited.success) throw new Error("edit failed");
    now = new Date("2026-11-01T12:02:00.000Z");
    await audited.delete(created.post.id, "owner@hemline.test");
    expect(await store.posts.get(created.post.id)).toBeNull();
    const { entries } = await audit.list({ entityType: "post", entityId: created.post.id });
    expect(entries.map((e) => [e.action, e.actor, e.summary])).toEqual([
      ["delete", "owner@hemline.test", "Deleted post “Linen, revisited”"],
      ["update", "owner@hemline.test", "Edited post “Linen, revisited” (draft)"],
      ["create", "owner@hemline.test", "Created post “Summer linen guide” (draft)"],
    ]);
    // A refused save changes nothing and records nothing.
    expect(await audited.save(values({ status: "scheduled" }), undefined, "owner@hemline.test")).toMatchObject({
      success: false,
    });
    expect((await audit.list({ entityType: "post", entityId: created.post.id })).entries).toHaveLength(3);
  });

  it("makes the slug from the title, a generated excerpt and the reading time", async () => {
    const result = await blog.save(values({ tags: "Linen, Care Tips, linen" }));
    expect(result.success && result.post).toMatchObject({
      slug: "summer-linen-guide",
      excerpt: expect.stringMatching(/^Linen breathes\. .*…$/),
      readingMinutes: 1,
      tags: ["linen", "care-tips"],
      publishAt: null,
    });
  });

  it("refuses a slug another post has, with a clear message", async () => {
    await blog.save(values());
    const again = await blog.save(values({ title: "Another", slug: "summer-linen-guide" }));
    expect(again).toEqual({
      success: false,
      fieldErrors: { slug: ["Another post already uses the slug “summer-linen-guide”. Choose a different one."] },
    });
  });

  it("hides drafts from readers but lets admins preview them", async () => {
    await blog.save(values());
    expect(await blog.readPost("summer-linen-guide", { admin: false })).toBeNull();
    expect((await blog.readPost("summer-linen-guide", { admin: true }))?.isLive).toBe(false);
    expect((await blog.listPublished({})).total).toBe(0);
  });

  it("publishes now when no date is given, and a scheduled post once its date has passed", async () => {
    const published = await blog.save(values({ status: "published" }));
    expect(published.success && published.post.publishAt).toBe(now.toISOString());
    await blog.save(values({ title: "Winter coats", status: "scheduled", publishAt: "2026-11-05T09:00" }));
    expect(await blog.readPost("winter-coats", { admin: false })).toBeNull();
    now = new Date("2026-11-05T09:00:00.000Z");
    const live = await blog.readPost("winter-coats", { admin: false });
    expect(live?.isLive).toBe(true);
    expect(live?.older?.slug).toBe("summer-linen-guide");
    expect((await blog.feed()).map((p) => p.slug)).toEqual(["winter-coats", "summer-linen-guide"]);
  });

  it("refuses a scheduled post without a date, or with a date in the wrong format", async () => {
    expect(await blog.save(values({ status: "scheduled" }))).toMatchObject({
      success: false,
      fieldErrors: { publishAt: [expect.any(String)] },
    });
    expect(await blog.save(values({ status: "scheduled", publishAt: "05/11/2026" }))).toMatchObject({
      success: false,
      fieldErrors: { publishAt: [expect.any(String)] },
    });
    expect(await store.posts.count()).toBe(0);
  });
});
