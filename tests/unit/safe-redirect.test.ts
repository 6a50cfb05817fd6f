import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect";

describe("safeRedirect", () => {
  it("keeps local paths with their query and hash", () => {
    expect(safeRedirect("/profile")).toBe("/profile");
    expect(safeRedirect("/orders?page=2#top")).toBe("/orders?page=2#top");
  });
  it("refuses anything that could leave the site", () => {
    for (const bad of [
      "//evil.com",
      "https://evil.com",
      "http:evil.com",
      "/\\evil.com",
      "\\\\evil.com",
      "javascript:alert(1)",
      "/%0d%0aSet-Cookie:x",
      "/\u0000//evil.com",
      "evil.com",
      "",
      null,
      undefined,
    ]) {
      const result = safeRedirect(bad as string, "/");
      expect(result.startsWith("/"), String(bad)).toBe(true);
      expect(result.startsWith("//"), String(bad)).toBe(false);
      expect(new URL(result, "https://shop.test").origin, String(bad)).toBe("https://shop.test");
    }
    expect(safeRedirect("//evil.com", "/home")).toBe("/home");
  });
});
