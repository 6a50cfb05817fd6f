import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect";

/** Where a browser on https://shop.test goes when told to redirect to `location`. */
const followed = (location: string) => new URL(location, "https://shop.test/auth/login");

describe("safeRedirect", () => {
  it("keeps local paths with their query and hash", () => {
    expect(safeRedirect("/profile")).toBe("/profile");
    expect(safeRedirect("/orders?page=2#top")).toBe("/orders?page=2#top");
    expect(safeRedirect("/search?q=%2F%2Fx")).toBe("/search?q=%2F%2Fx");
  });

  it("normalises dot segments the way a browser will", () => {
    expect(safeRedirect("/a/../profile")).toBe("/profile");
    expect(safeRedirect("/./orders")).toBe("/orders");
  });

  it("refuses every known way of leaving the site", () => {
    const bypasses = [
      "//evil.example",
      "///evil.example",
      "/\\evil.example",
      "/..//evil.example",
      "/../..//evil.example",
      "/.//evil.example",
      "/%2e%2e//evil.example",
      "/%2E%2E//evil.example",
      "/a/../..//evil.example",
      "%2F%2Fevil.example",
      "\\/\\/evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "\t//evil.example",
      "/\u0000//evil.example",
      "https:evil.example",
      "https://evil.example",
      "http:evil.example",
      "http:/evil.example",
      "javascript:alert(1)",
      "evil.example",
      "",
      null,
      undefined,
    ];
    for (const bad of bypasses) {
      const result = safeRedirect(bad as string, "/");
      expect(result, JSON.stringify(bad)).toBe("/");
    }
    expect(safeRedirect("/..//evil.example", "/home")).toBe("/home");
  });

  it("answers only paths that stay on this origin when followed, encoded ones included", () => {
    // Percent-encoded slashes, backslashes and tabs stay encoded in a Location header: a browser
    // reads them as part of one path segment on this site.
    for (const odd of [
      "/%2F%2Fevil.example",
      "/%09/evil.example",
      "/%5Cevil.example",
      "/%5C%5Cevil.example",
      "/%0d%0aSet-Cookie:x",
      "/foo//evil.example",
    ]) {
      const result = safeRedirect(odd, "/");
      expect(result.startsWith("/") && !result.startsWith("//"), odd).toBe(true);
      expect(followed(result).origin, odd).toBe("https://shop.test");
    }
  });
});
