import { describe, expect, it } from "vitest";
import { documentSecurityHeaders } from "~/server/http/security-headers.server";

function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("documentSecurityHeaders", () => {
  it("allows no third-party host when analytics is not configured", () => {
    const csp = directives(documentSecurityHeaders("abc", false)["Content-Security-Policy"]);
    expect(csp["script-src"]).toEqual(["'self'", "'nonce-abc'"]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
    expect(JSON.stringify(csp)).not.toMatch(/google/);
  });

  it("allows what Firebase Analytics needs when it is configured", () => {
    const csp = directives(documentSecurityHeaders("abc", false, { analytics: true })["Content-Security-Policy"]);
    expect(csp["script-src"]).toEqual(["'self'", "'nonce-abc'", "https://www.googletagmanager.com"]);
    expect(csp["connect-src"]).toEqual(
      expect.arrayContaining(["'self'", "https://*.google-analytics.com", "https://firebase.googleapis.com", "https://firebaseinstallations.googleapis.com"]),
    );
    expect(csp["img-src"]).toEqual(expect.arrayContaining(["'self'", "https://*.google-analytics.com"]));
    // Still no inline script without the nonce, and nothing else loosened.
    expect(csp["script-src"]).not.toContain("'unsafe-inline'");
    expect(csp["default-src"]).toEqual(["'self'"]);
  });
});
