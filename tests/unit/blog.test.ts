import { describe, expect, it } from "vitest";
import { excerptFrom, normaliseTags, parsePublishAt, readingMinutes } from "~/lib/blog";
import { slugify } from "~/lib/slug";
import { renderMarkdown } from "~/server/services/blog/markdown.server";
import { isPublic } from "~/server/services/blog/blog.server";

describe("slugify", () => {
  it("makes a lower-case, hyphenated slug without accents or symbols", () => {
    expect(slugify("Caring for Wool & Cashmere!")).toBe("caring-for-wool-and-cashmere");
    expect(slugify("  Été à Paris — 2026  ")).toBe("ete-a-paris-2026");
    expect(slugify("***")).toBe("");
  });

  it("keeps slugs at most 80 characters without a trailing hyphen", () => {
    const slug = slugify("word ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).not.toMatch(/-$/);
  });
});

describe("reading time", () => {
  it("is at least one minute, at 200 words a minute", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("word ".repeat(200))).toBe(1);
    expect(readingMinutes("word ".repeat(201))).toBe(2);
    expect(readingMinutes("word ".repeat(1000))).toBe(5);
  });
});

describe("tags and excerpts", () => {
  it("normalises comma-separated tags, dropping duplicates and blanks", () => {
    expect(normaliseTags("Care Tips, care-tips, ,Wool ")).toEqual(["care-tips", "wool"]);
  });

  it("makes a plain-text excerpt cut at a word", () => {
    expect(excerptFrom("# Title\n\nSome **bold** [link](/x) text.")).toBe("Title Some bold link text.");
    const long = excerptFrom("lorem ipsum ".repeat(50), 50);
    expect(long.length).toBeLessThanOrEqual(51);
    expect(long.endsWith("…")).toBe(true);
  });
});

describe("publish date", () => {
  it("reads the editor's date as UTC and refuses other formats or impossible dates", () => {
    expect(parsePublishAt("2026-12-01T09:30")).toBe("2026-12-01T09:30:00.000Z");
    expect(parsePublishAt("01/12/2026 09:30")).toBeNull();
    expect(parsePublishAt("2026-02-30T09:00")).toBeNull();
    expect(parsePublishAt("tomorrow")).toBeNull();
  });

  it("makes drafts never public and dated posts public once the date has passed", () => {
    const now = new Date("2026-11-01T00:00:00.000Z");
    expect(isPublic({ status: "draft", publishAt: "2026-01-01T00:00:00.000Z" }, now)).toBe(false);
    expect(isPublic({ status: "published", publishAt: "2026-10-31T00:00:00.000Z" }, now)).toBe(true);
    expect(isPublic({ status: "scheduled", publishAt: "2026-11-02T00:00:00.000Z" }, now)).toBe(false);
    expect(isPublic({ status: "scheduled", publishAt: "2026-10-31T00:00:00.000Z" }, now)).toBe(true);
  });
});

describe("markdown rendering", () => {
  it("renders Markdown", () => {
    expect(renderMarkdown("# Hi\n\n*there*")).toBe("<h1>Hi</h1>\n<p><em>there</em></p>\n");
  });

  it("escapes raw HTML, so script tags and event handlers are inert text", () => {
    const html = renderMarkdown(
      '<script>alert("x")</script>\n\n<img src=x onerror=alert(1)>\n\n<a href="#" onclick="x()">a</a>',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<a /i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("refuses dangerous link schemes and marks external links", () => {
    const html = renderMarkdown(
      "[a](javascript:alert(1)) [b](data:text/html,x) [c](vbscript:x) [d](https://example.com) [e](/care-guide)",
    );
    expect(html).not.toMatch(/href="(javascript|data|vbscript):/i);
    expect(html).toContain('<a href="https://example.com" rel="nofollow noopener noreferrer">d</a>');
    expect(html).toContain('<a href="/care-guide">e</a>');
  });
});
