import { describe, expect, it } from "vitest";
import { publicOrigin } from "~/server/http/public-origin.server";

// The origin of every absolute URL the shop hands out (e-mail links, canonical URLs, sitemap):
// never taken from a Host or X-Forwarded-Host the client wrote.

const DEV = { publicUrl: undefined, port: 3000, trustProxy: 0 };
const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe("publicOrigin", () => {
  it("is PUBLIC_URL whenever it is set, whatever the request says", () => {
    const config = { ...DEV, publicUrl: "https://shop.example.com" };
    expect(publicOrigin(request("http://evil.example/auth/forgot-password"), config)).toBe("https://shop.example.com");
    expect(
      publicOrigin(request("http://localhost:3000/", { "X-Forwarded-Host": "evil.example" }), {
        ...config,
        trustProxy: 1,
      }),
    ).toBe("https://shop.example.com");
  });

  it("without PUBLIC_URL believes only this machine on the configured port", () => {
    expect(publicOrigin(request("http://localhost:3000/sitemap.xml"), DEV)).toBe("http://localhost:3000");
    expect(publicOrigin(request("http://127.0.0.1:3000/sitemap.xml"), DEV)).toBe("http://127.0.0.1:3000");
    expect(publicOrigin(request("http://[::1]:3000/"), DEV)).toBe("http://[::1]:3000");
    expect(publicOrigin(request("http://localhost/"), { ...DEV, port: 80 })).toBe("http://localhost");
  });

  it("falls back to http://localhost:PORT for any other host or port", () => {
    for (const url of [
      "http://evil.example/auth/forgot-password",
      "http://evil.example:3000/",
      "http://localhost.evil.example:3000/",
      "http://127.0.0.1.evil.example:3000/",
      "http://localhost:4000/",
      "http://localhost/",
      "http://192.168.1.20:3000/",
    ]) {
      expect(publicOrigin(request(url), DEV), url).toBe("http://localhost:3000");
    }
  });

  it("ignores X-Forwarded-Host and -Proto unless TRUST_PROXY is set", () => {
    const forwarded = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };
    expect(publicOrigin(request("http://localhost:3000/", forwarded), DEV)).toBe("http://localhost:3000");
    // Trusted, the proxy's headers replace the request's own, and the same rule applies to them.
    expect(publicOrigin(request("http://localhost:3000/", forwarded), { ...DEV, trustProxy: 1 })).toBe(
      "http://localhost:3000",
    );
    expect(
      publicOrigin(
        request("http://10.0.0.5:3000/", { "X-Forwarded-Host": "localhost:3000", "X-Forwarded-Proto": "http" }),
        { ...DEV, trustProxy: 1 },
      ),
    ).toBe("http://localhost:3000");
    expect(publicOrigin(request("http://10.0.0.5:3000/", { "X-Forwarded-Host": "localhost:3000" }), DEV)).toBe(
      "http://localhost:3000",
    );
    expect(
      publicOrigin(request("http://10.0.0.5:3000/", { "X-Forwarded-Host": "localhost:3000, evil.example" }), {
        ...DEV,
        trustProxy: 1,
      }),
    ).toBe("http://localhost:3000");
  });
});
