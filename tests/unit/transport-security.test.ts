import { describe, expect, it } from "vitest";
import { parseConfig } from "~/server/config.server";
import { strictTransportSecurity, transportSecurity } from "~/server/http/transport-security.server";

const hstsOf = (env: Record<string, string>) => strictTransportSecurity(parseConfig(env));

describe("Strict-Transport-Security", () => {
  it("is one year on an https shop, with includeSubDomains and preload only when configured", () => {
    expect(hstsOf({ PUBLIC_URL: "https://shop.example.com" })).toBe("max-age=31536000");
    expect(hstsOf({ PUBLIC_URL: "https://shop.example.com", HSTS_INCLUDE_SUBDOMAINS: "1" })).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(hstsOf({ PUBLIC_URL: "https://shop.example.com", HSTS_INCLUDE_SUBDOMAINS: "true", HSTS_PRELOAD: "1" })).toBe(
      "max-age=31536000; includeSubDomains; preload",
    );
  });

  it("is never sent when PUBLIC_URL is http or unset, whatever the options say", () => {
    const options = { HSTS_INCLUDE_SUBDOMAINS: "1", HSTS_PRELOAD: "1" };
    expect(hstsOf({ PUBLIC_URL: "http://shop.example.com", ...options })).toBeNull();
    expect(hstsOf(options)).toBeNull();
    const headers = new Map<string, string>();
    let passedOn = false;
    transportSecurity(parseConfig({ PUBLIC_URL: "http://192.168.1.20:3000" }))(
      {},
      { setHeader: (name, value) => headers.set(name, value) },
      () => (passedOn = true),
    );
    expect(headers.size).toBe(0);
    expect(passedOn).toBe(true);
  });

  it("refuses preload without includeSubDomains at start, and a value that is no flag", () => {
    expect(() => parseConfig({ PUBLIC_URL: "https://shop.example.com", HSTS_PRELOAD: "1" })).toThrow(
      /HSTS_PRELOAD: needs HSTS_INCLUDE_SUBDOMAINS=1/,
    );
    expect(() => parseConfig({ HSTS_INCLUDE_SUBDOMAINS: "yes" })).toThrow(/HSTS_INCLUDE_SUBDOMAINS: must be 1 or 0/);
  });
});
