import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRouteHarness, dataOf, statusOf, type Handler, type RouteHarness } from "../support/route-harness";

// The account routes as an attacker calls them: a crafted redirectTo, a forged Host header, a
// sign-in spray with a fresh X-Forwarded-For each time, a registration of someone else's address.
// The harness serves the embedded backend without PUBLIC_URL or TRUST_PROXY, on PORT 3000.

const SHOPPER = "harness-shopper@hemline.test";
const LOCAL = "http://localhost:3000";

let harness: RouteHarness;
let routes: {
  login: { loader?: Handler; action?: Handler };
  register: { loader?: Handler; action?: Handler };
  forgot: { action?: Handler };
};

beforeAll(async () => {
  harness = await createRouteHarness();
  routes = {
    login: await import("~/routes/auth.login"),
    register: await import("~/routes/auth.register"),
    forgot: await import("~/routes/auth.forgot-password"),
  };
});
afterAll(async () => {
  await harness.close();
});

/** The same request as `request`, sent to another URL (the Host a client chose). */
async function withUrl(request: Request, url: string): Promise<Request> {
  const body = request.method === "GET" ? undefined : await request.text();
  return new Request(url, { method: request.method, headers: request.headers, body });
}

/** Every e-mail in the embedded outbox to `to`, decoded (quoted-printable), oldest first. */
function mailTo(to: string): string[] {
  const dir = path.join(process.env.DATA_DIR!, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8"))
    .map((raw) =>
      raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .filter((mail) => new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}$`, "mi").test(mail));
}

const cookiesOf = (outcome: unknown) =>
  outcome instanceof Response ? outcome.headers.getSetCookie().map((c) => c.split("=")[0]) : [];

describe("open redirect", () => {
  const HOSTILE = [
    "/..//evil.example",
    "//evil.example",
    "/\\evil.example",
    "/%2e%2e//evil.example",
    "https:evil.example",
  ];

  it("a signed-in visitor is sent to a path on this site, never to //evil.example", async () => {
    for (const [name, route] of [
      ["login", routes.login],
      ["register", routes.register],
    ] as const) {
      for (const target of HOSTILE) {
        const outcome = await harness.run(
          route.loader,
          harness.request(`/auth/${name}?redirectTo=${encodeURIComponent(target)}`, "shopper"),
        );
        expect(outcome, `${name} ${target}`).toBeInstanceOf(Response);
        const location = (outcome as Response).headers.get("Location")!;
        expect(location, `${name} ${target}`).toBe("/");
        expect(new URL(location, "https://shop.test/auth/login").origin).toBe("https://shop.test");
      }
    }
  });

  it("a signed-out visitor's form carries only a same-site path, and the sign-in goes there", async () => {
    for (const name of ["login", "register"] as const) {
      const page = dataOf<{ redirectTo: string }>(
        await harness.run(
          routes[name].loader,
          harness.request(`/auth/${name}?redirectTo=%2F..%2F%2Fevil.example`, "signed-out"),
        ),
      );
      expect(page.redirectTo).toBe("/");
    }
    const signedIn = await harness.run(
      routes.login.action,
      harness.request("/auth/login", "signed-out", {
        email: SHOPPER,
        password: "correct horse battery",
        redirectTo: "/..//evil.example",
        name__confirm: "",
      }),
    );
    expect(statusOf(signedIn)).toBe(303);
    expect((signedIn as Response).headers.get("Location")).toBe("/");
  });
});

describe("host header poisoning", () => {
  it("a reset requested with Host: evil.example e-mails a link on this shop's own origin", async () => {
    const forged = await withUrl(
      harness.request(
        "/auth/forgot-password",
        "signed-out",
        { email: SHOPPER, name__confirm: "" },
        { headers: { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" } },
      ),
      "http://evil.example/auth/forgot-password",
    );
    const before = mailTo(SHOPPER).length;
    const outcome = await harness.run(routes.forgot.action, forged);
    expect(statusOf(outcome)).toBe(303);
    const mails = mailTo(SHOPPER);
    expect(mails).toHaveLength(before + 1);
    const links = mails.at(-1)!.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(new RegExp(`^${LOCAL}/auth/reset-password\\?token=[\\w-]+$`));
    expect(mails.at(-1)).not.toContain("evil.example");
  });

  it("the sitemap, robots.txt and the page's canonical origin ignore a forged Host too", async () => {
    const sitemap = (await import("~/routes/sitemap[.]xml")).loader as Handler;
    const robots = (await import("~/routes/robots[.]txt")).loader as Handler;
    const forged = { headers: { "X-Forwarded-Host": "evil.example" } };
    for (const loader of [sitemap, robots]) {
      const response = (await harness.run(
        loader,
        await withUrl(harness.request("/", "signed-out", undefined, forged), "http://evil.example/"),
      )) as Response;
      const body = await response.text();
      expect(body).toContain(LOCAL);
      expect(body).not.toContain("evil.example");
    }
    const root = (await import("~/root")).loader as Handler;
    const page = dataOf<{ origin: string }>(
      await harness.run(root, await withUrl(harness.request("/", "signed-out"), "http://evil.example/")),
    );
    expect(page.origin).toBe(LOCAL);
  });
});

describe("password spraying", () => {
  it("one client trying one password on 60 accounts is refused with 429 before the 60th, whatever X-Forwarded-For it sends", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const request = harness.request(
        "/auth/login",
        "signed-out",
        { email: `spray-target-${i}@hemline.test`, password: "Winter2026!", name__confirm: "" },
        // A fresh address each time: without TRUST_PROXY the header is the client's own word.
        { headers: { "X-Forwarded-For": `198.51.100.${i + 1}` } },
      );
      const outcome = await harness.run(routes.login.action, request, {}, { clientAddress: "203.0.113.77" });
      statuses.push(statusOf(outcome));
      if (statuses.at(-1) === 429) {
        const body = dataOf<{ result: { error?: Record<string, string[]> } }>(outcome);
        expect(
          Object.values(body.result.error ?? {})
            .flat()
            .join(" "),
        ).toMatch(/^Too many attempts/);
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeLessThan(60);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);

    // Another client (another socket address) still gets to try.
    const other = await harness.run(
      routes.login.action,
      harness.request("/auth/login", "signed-out", {
        email: "spray-target-0@hemline.test",
        password: "x",
        name__confirm: "",
      }),
      {},
      { clientAddress: "192.0.2.99" },
    );
    expect(statusOf(other)).toBe(401);
  }, 120_000);
});

describe("registration with a taken address", () => {
  const form = (email: string) => ({
    email,
    password: "an attacker's password",
    confirmPassword: "an attacker's password",
    redirectTo: "/orders",
    name__confirm: "",
  });

  it("answers as for a new address, without a session, and e-mails the owner the way to sign in", async () => {
    const fresh = await harness.run(
      routes.register.action,
      harness.request("/auth/register", "signed-out", form("brand-new@hemline.test")),
      {},
      { clientAddress: "203.0.113.90" },
    );
    expect(statusOf(fresh)).toBe(303);
    expect((fresh as Response).headers.get("Location")).toBe("/orders");
    expect(cookiesOf(fresh)).toContain("__session");

    const before = mailTo(SHOPPER).length;
    const taken = await harness.run(
      routes.register.action,
      harness.request("/auth/register", "signed-out", form(SHOPPER.toUpperCase())),
      {},
      { clientAddress: "203.0.113.91" },
    );
    expect(statusOf(taken)).toBe(303);
    expect((taken as Response).headers.get("Location")).toBe("/orders");
    expect(cookiesOf(taken)).not.toContain("__session");
    expect(cookiesOf(taken)).toContain("__flash");

    const mails = mailTo(SHOPPER);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toMatch(/^Subject: Your Hemline account$/m);
    expect(mails.at(-1)).toContain("Someone tried to create a Hemline account with this e-mail address");
    expect(mails.at(-1)).toContain(`${LOCAL}/auth/login`);
    expect(mails.at(-1)).toContain(`${LOCAL}/auth/forgot-password`);
  });
});
