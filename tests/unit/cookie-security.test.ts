import { describe, expect, it } from "vitest";
import { baseCookieOptions, cookieSecurity } from "~/server/http/cookie-security.server";

// Secure cookies never come back over plain HTTP: the public origin's scheme decides.

describe("cookieSecurity", () => {
  it("is Secure in production behind an https PUBLIC_URL", () => {
    expect(cookieSecurity({ env: "production", publicUrl: "https://shop.example.com" }).secure).toBe(true);
  });

  it("is not Secure over plain HTTP: an http PUBLIC_URL, or none (npm start opened from a phone on the LAN)", () => {
    expect(cookieSecurity({ env: "production", publicUrl: "http://192.168.1.20:3000" }).secure).toBe(false);
    const none = cookieSecurity({ env: "production", publicUrl: undefined });
    expect(none.secure).toBe(false);
    expect(none.reason).toContain("PUBLIC_URL is not set");
  });

  it("is not Secure in development, and every cookie shares the decision", () => {
    expect(cookieSecurity({ env: "development", publicUrl: "https://shop.example.com" }).secure).toBe(false);
    expect(
      baseCookieOptions({ env: "production", publicUrl: "https://shop.example.com", sessionSecret: "s" }),
    ).toMatchObject({ secure: true, httpOnly: true, sameSite: "lax" });
  });
});
