import { describe, expect, it } from "vitest";
import { parseConfig } from "~/server/config.server";
import { createNonce, documentSecurityHeaders } from "~/server/http/security-headers.server";
import { googleClientConfig } from "~/server/services/accounts/google-config.server";

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
      expect.arrayContaining([
        "'self'",
        "https://*.google-analytics.com",
        "https://firebase.googleapis.com",
        "https://firebaseinstallations.googleapis.com",
      ]),
    );
    expect(csp["img-src"]).toEqual(expect.arrayContaining(["'self'", "https://*.google-analytics.com"]));
    // Still no inline script without the nonce, and nothing else loosened.
    expect(csp["script-src"]).not.toContain("'unsafe-inline'");
    expect(csp["default-src"]).toEqual(["'self'"]);
  });

  describe("Google popup sign-in", () => {
    const google = (env: Record<string, string>) => googleClientConfig(parseConfig({ NODE_ENV: "test", ...env }));
    const production = { SHOP_BACKEND: "firebase", FIREBASE_PROJECT_ID: "hemline-shop", FIREBASE_API_KEY: "web-key" };

    it("is not allowed on the embedded backend, which does not offer it", () => {
      const googleSignIn = google({});
      expect(googleSignIn).toBeNull();
      const headers = documentSecurityHeaders("abc", false, { googleSignIn });
      expect(headers["Content-Security-Policy"]).not.toMatch(/google|firebaseapp|frame-src/);
      expect(headers["Cross-Origin-Opener-Policy"]).toBe("same-origin");
    });

    it("allows the gapi loader, the auth domain's iframe and Identity Toolkit on a Firebase project", () => {
      const headers = documentSecurityHeaders("abc", false, { googleSignIn: google(production) });
      const csp = directives(headers["Content-Security-Policy"]);
      expect(csp["script-src"]).toEqual(["'self'", "'nonce-abc'", "https://apis.google.com"]);
      expect(csp["frame-src"]).toEqual(["'self'", "https://hemline-shop.firebaseapp.com"]);
      expect(csp["connect-src"]).toEqual([
        "'self'",
        "https://identitytoolkit.googleapis.com",
        "https://securetoken.googleapis.com",
      ]);
      // The popup returns its result through window.opener.
      expect(headers["Cross-Origin-Opener-Policy"]).toBe("same-origin-allow-popups");
      expect(csp["default-src"]).toEqual(["'self'"]);
      expect(csp["img-src"]).toEqual(["'self'", "data:", "blob:"]);
      expect(csp["script-src"]).not.toContain("'unsafe-inline'");
    });

    it("points the iframe and the REST calls at the Auth emulator when one is used", () => {
      const googleSignIn = google({
        SHOP_BACKEND: "firebase",
        GCLOUD_PROJECT: "demo-hemline",
        FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
      });
      const csp = directives(documentSecurityHeaders("abc", false, { googleSignIn })["Content-Security-Policy"]);
      expect(csp["script-src"]).toEqual(["'self'", "'nonce-abc'", "https://apis.google.com"]);
      expect(csp["frame-src"]).toEqual(["'self'", "http://127.0.0.1:9099"]);
      expect(csp["connect-src"]).toEqual(["'self'", "http://127.0.0.1:9099"]);
    });

    it("adds to the analytics hosts rather than replacing them", () => {
      const csp = directives(
        documentSecurityHeaders("abc", false, { analytics: true, googleSignIn: google(production) })[
          "Content-Security-Policy"
        ],
      );
      expect(csp["script-src"]).toEqual([
        "'self'",
        "'nonce-abc'",
        "https://www.googletagmanager.com",
        "https://apis.google.com",
      ]);
      expect(csp["connect-src"]).toEqual(
        expect.arrayContaining(["https://firebase.googleapis.com", "https://identitytoolkit.googleapis.com"]),
      );
    });
  });
});

describe("createNonce", () => {
  it("gives 16 random bytes in base64, never the same twice, across refills of its pool", () => {
    const nonces = Array.from({ length: 1000 }, createNonce);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(nonces.every((nonce) => /^[A-Za-z0-9+/]{22}==$/.test(nonce))).toBe(true);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
