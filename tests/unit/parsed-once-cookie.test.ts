import { createCookie } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { parsedOnce } from "~/server/http/cookies.server";

// The CSRF cookie's value is checked against its signature once per Cookie header: the same header
// gives the same answer, a tampered one is refused as before, and the cookie still writes itself.

const signed = () => createCookie("__csrf", { secrets: ["s3cret-s3cret-s3cret-s3cret-s3cret"], httpOnly: true });

describe("parsedOnce", () => {
  it("checks a header once and gives the same value again", async () => {
    const cookie = signed();
    const parse = vi.spyOn(cookie, "parse");
    const kept = parsedOnce(cookie);
    const header = (await kept.serialize("token-1")).split(";")[0]!;
    expect(await kept.parse(header)).toBe("token-1");
    expect(await kept.parse(`${header}; theme=dark`)).toBe("token-1");
    expect(await kept.parse(header)).toBe("token-1");
    expect(parse).toHaveBeenCalledTimes(2);
    expect(kept.name).toBe("__csrf");
    expect(kept.isSigned).toBe(true);
  });

  it("refuses a forged value, every time, and reads nothing from no header", async () => {
    const kept = parsedOnce(signed());
    const forged = `__csrf=${Buffer.from(JSON.stringify("token-2")).toString("base64")}.bm90LWEtc2lnbmF0dXJl`;
    expect(await kept.parse(forged)).toBeNull();
    expect(await kept.parse(forged)).toBeNull();
    expect(await kept.parse(null)).toBeNull();
  });

  it("forgets the oldest header past its limit", async () => {
    const cookie = signed();
    const parse = vi.spyOn(cookie, "parse");
    const kept = parsedOnce(cookie, 2);
    const headers = await Promise.all(["a", "b", "c"].map(async (v) => (await kept.serialize(v)).split(";")[0]!));
    for (const header of headers) await kept.parse(header);
    await kept.parse(headers[2]!);
    expect(parse).toHaveBeenCalledTimes(3);
    expect(await kept.parse(headers[0]!)).toBe("a");
    expect(parse).toHaveBeenCalledTimes(4);
  });
});
