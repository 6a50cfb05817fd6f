import path from "node:path";
import { ROUTES_DIR, routeFiles, routeName } from "../support/route-files";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_SHAPE_MESSAGE } from "~/server/http/form-shape.server";
import {
  createRouteHarness,
  dataOf,
  HARNESS_ADMIN,
  statusOf,
  type Handler,
  type RouteHarness,
  type Who,
} from "../support/route-harness";

// Bad input never 500s: a few hundred mutated posts over every route that exports an action
// (found from the files, so a new one is fuzzed too), as a signed-out visitor, a shopper and an
// admin: wrong content types (JSON, JSON arrays, text, XML, none), malformed and oversized
// bodies, multipart with files, garbage fields. Each must be answered below 500, and a body no
// form sends with 415. Seeded, so a failure names the seed and case that reproduce it
// (FUZZ_SEED=… npx vitest run tests/integration/form-fuzz.test.ts).

const SEED = Number(process.env.FUZZ_SEED ?? 20261112);
const CASES = 420;

type RouteModule = { action?: Handler };

/** mulberry32: a small seeded generator, so every run posts the same bodies. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)];
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof random>;

interface ActionRoute {
  file: string;
  /** The URL path, params filled in, e.g. /admin/products/fuzz-product/edit. */
  path: string;
  params: Record<string, string>;
  action: Handler;
}

interface Ids {
  productId: string;
  postId: string;
  orderId: string;
}

/** admin.products.$id.edit -> /admin/products/{id}/edit, with the id a real record of that kind. */
function routeOf(route: string, ids: Ids, action: Handler): ActionRoute {
  const name = route.replaceAll("[.]", "\u0000");
  const params: Record<string, string> = {};
  const idFor = name.startsWith("admin.blog") ? ids.postId : name.includes("orders") ? ids.orderId : ids.productId;
  const segments = name
    .split(".")
    .filter((s) => s !== "_index" && !s.startsWith("_"))
    .map((segment) => {
      if (segment === "$") return (params["*"] = "no/such/page");
      if (segment.startsWith("$")) return (params[segment.slice(1)] = idFor);
      return segment.replaceAll("\u0000", ".");
    });
  return { file: name.replaceAll("\u0000", "[.]"), path: `/${segments.join("/")}`, params, action };
}

const FIELD_NAMES = [
  "csrf",
  "intent",
  "productId",
  "colour",
  "size",
  "quantity",
  "line",
  "email",
  "password",
  "confirmPassword",
  "name",
  "line1",
  "line2",
  "city",
  "postalCode",
  "country",
  "phone",
  "shippingMethod",
  "checkoutKey",
  "cardNumber",
  "cvc",
  "expiry",
  "card",
  "amount",
  "note",
  "to",
  "trackingNumber",
  "title",
  "slug",
  "excerpt",
  "body",
  "tags",
  "status",
  "publishAt",
  "coverAlt",
  "coverUrl",
  "removeCover",
  "price",
  "category",
  "description",
  "idToken",
  "redirectTo",
  "token",
  "expectedSeq",
  "job",
  "file",
  "newImages",
  "newImageAlt",
  "name__confirm",
  "displayName",
  "currentPassword",
  "newPassword",
  "images.0.url",
  "images.0.alt",
  "colours.name.0",
  "colours.hex.0",
  "sizes.0",
  "stock.0.0",
] as const;
const INTENTS = [
  "add",
  "update",
  "remove",
  "save",
  "preview",
  "delete",
  "confirm-delete",
  "upload",
  "apply",
  "refresh",
  "remove-colour.0",
  "remove-size.9",
  "image-up.1",
  "image-down.999",
  "remove-image.0",
  "status",
  "note",
  "update-profile",
  "change-password",
  "sign-out-everywhere",
  "pay",
  "",
] as const;

function garbage(r: Random, ids: Ids): string {
  switch (r.int(14)) {
    case 0:
      return "";
    case 1:
      return r.pick(["0", "-1", "1e999", "NaN", "Infinity", "9007199254740993", "0x10", "1.999", " 3 "]);
    case 2:
      return r.pick(["null", "undefined", "[object Object]", "true", "{}", "[]", '{"$gt":""}']);
    case 3:
      return "x".repeat(r.pick([300, 5000, 20_000, 250_000]));
    case 4:
      return r.pick(["👗🔥", "Ωmega ßtraße", "\u202eevil", "\u0000nul", "a\r\nSet-Cookie: x=1", "\uFFFF\uD800"]);
    case 5:
      return r.pick([
        "<script>alert(1)</script>",
        '"><img src=x onerror=alert(1)>',
        "' OR 1=1 --",
        "%00",
        "%",
        "../../etc/passwd",
      ]);
    case 6:
      return r.pick([
        "//evil.example",
        "/\\evil.example",
        "https://evil.example",
        "javascript:alert(1)",
        "/..//evil.example",
      ]);
    case 7:
      return r.pick([ids.productId, ids.postId, ids.orderId, "p0001", "does-not-exist"]);
    case 8:
      return r.pick(["S", "M", "XXXL", "30", "Black", "Sage", "#ffffff", "#zzzzzz"]);
    case 9:
      return r.pick(["shopper@example.com", "not-an-email", "a@b", "harness-admin@hemline.test"]);
    case 10:
      return r.pick(["active", "draft", "archived", "scheduled", "published", "shipped", "cancelled", "lost"]);
    case 11:
      return r.pick(["2026-12-01T09:00", "01/12/2026 9am", "0000-00-00T00:00"]);
    case 12:
      return r.pick(INTENTS);
    default:
      return String(r.int(1_000_000) - 1000);
  }
}

/** A form the route's page would send, so mutations of it get past validation into the services. */
function validForm(file: string, ids: Ids, r: Random): Record<string, string> | null {
  const address = {
    email: "fuzz@example.com",
    name: "Fuzz Shopper",
    line1: "1 Main Street",
    city: "Dublin",
    postalCode: "D02 X285",
    country: "IE",
    shippingMethod: "standard",
  };
  const card = { cardNumber: "4242 4242 4242 4242", cvc: "123", expiry: "12/30" };
  const product = {
    name: "Fuzz Tee",
    description: "Cotton.",
    category: "t-shirts",
    price: "20.00",
    status: "active",
    "colours.name.0": "Black",
    "colours.hex.0": "#000000",
    "sizes.0": "S",
    "stock.0.0": "2",
  };
  const forms: Record<string, () => Record<string, string>> = {
    cart: () => ({ intent: "add", productId: ids.productId, colour: "Black", size: "S", quantity: "1" }),
    "products.$id": () => ({ intent: "add", productId: ids.productId, colour: "Sage", size: "M", quantity: "2" }),
    checkout: () => ({ ...address, ...card, checkoutKey: `fuzz-${r.int(1e9)}` }),
    "orders.$id": () => card,
    "auth.login": () => ({ email: "harness-shopper@hemline.test", password: "not the password" }),
    "auth.register": () => ({
      email: `fuzz-${r.int(1e9)}@example.com`,
      password: "correct horse battery",
      confirmPassword: "correct horse battery",
    }),
    "auth.forgot-password": () => ({ email: "harness-shopper@hemline.test" }),
    "auth.reset-password": () => ({
      token: "0".repeat(43),
      password: "correct horse battery",
      confirmPassword: "correct horse battery",
    }),
    profile: () =>
      r.pick<Record<string, string>>([
        { intent: "update-profile", displayName: "Fuzz" },
        {
          intent: "change-password",
          currentPassword: "x",
          newPassword: "correct horse battery",
          confirmPassword: "correct horse battery",
        },
      ]),
    "admin.orders.$id": () =>
      r.pick<Record<string, string>>([
        { intent: "status", to: "shipped", trackingNumber: "TRACK1" },
        { intent: "note", note: "Fuzz note" },
      ]),
    "admin.products.new": () => ({ ...product, intent: r.pick(["save", "refresh", "remove-colour.0", "upload"]) }),
    "admin.products.$id.edit": () => ({
      ...product,
      intent: r.pick(["save", "refresh", "image-up.0", "delete"]),
      expectedSeq: "1",
    }),
    "admin.blog.new": () => ({
      title: "Fuzz post",
      body: "Some *text*.",
      status: "draft",
      intent: r.pick(["save", "preview"]),
    }),
    "admin.blog.$id.edit": () => ({
      title: "Fuzz post",
      body: "Some *text*.",
      status: r.pick(["draft", "published"]),
      intent: r.pick(["save", "preview", "delete"]),
    }),
    "admin.products.import": () => ({ intent: "apply", job: "0".repeat(32) }),
    "test-stripe": () => ({ card: "4242424242424242", amount: "100" }),
  };
  return forms[file]?.() ?? null;
}

/** Random fields: a valid form with a few fields mutated, or known names with garbage values, some unknown names, some repeated. */
function fields(r: Random, ids: Ids, csrfToken: string, file: string): Array<[string, string]> {
  const base = r.chance(0.45) ? validForm(file, ids, r) : null;
  if (base) {
    const out: Array<[string, string]> = [
      ["csrf", r.chance(0.85) ? csrfToken : garbage(r, ids)],
      ...Object.entries(base),
    ];
    const mutations = r.int(4);
    for (let i = 0; i < mutations; i++) {
      const at = 1 + r.int(out.length - 1);
      const how = r.int(3);
      if (how === 0) out[at] = [out[at][0], garbage(r, ids)];
      else if (how === 1) out.splice(at, 1);
      else out.push([out[at][0], garbage(r, ids)]);
      if (out.length < 2) break;
    }
    return out;
  }
  const out: Array<[string, string]> = [];
  const csrf = r.next();
  if (csrf < 0.6) out.push(["csrf", csrfToken]);
  else if (csrf < 0.8) out.push(["csrf", garbage(r, ids)]);
  if (r.chance(0.8)) out.push(["intent", r.pick(INTENTS)]);
  const count = r.int(12);
  for (let i = 0; i < count; i++) {
    const name = r.chance(0.85)
      ? r.pick(FIELD_NAMES)
      : r.pick(["", " ", "__proto__", "constructor", "a[b]", "x".repeat(500), "images.99999.url"]);
    out.push([name, garbage(r, ids)]);
    if (r.chance(0.1)) out.push([name, garbage(r, ids)]);
  }
  return out;
}

const urlencode = (pairs: Array<[string, string]>) => new URLSearchParams(pairs).toString();

function multipartBody(r: Random, pairs: Array<[string, string]>, boundary: string): Uint8Array<ArrayBuffer> {
  const enc = new TextEncoder();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for (const [name, value] of pairs)
    parts.push(
      enc.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name.replaceAll('"', "%22")}"\r\n\r\n${value}\r\n`,
      ),
    );
  const files = r.int(3);
  for (let i = 0; i < files; i++) {
    const field = r.pick(["file", "newImages", "coverImage", "avatar"]);
    const filename = r.pick(["a.csv", "photo.png", "cover.webp", "x.jpg", "evil.svg", "../../x.exe", ""]);
    const type = r.pick(["text/csv", "image/png", "image/webp", "application/octet-stream", "image/svg+xml"]);
    const content = r.pick([
      () => enc.encode("slug,name,price\nfuzz,Fuzz,1\n"),
      () => Uint8Array.from({ length: r.int(4000) }, () => r.int(256)),
      () => Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0),
      () => enc.encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      () => new Uint8Array(),
    ])();
    parts.push(
      enc.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      enc.encode("\r\n"),
    );
  }
  parts.push(enc.encode(`--${boundary}--\r\n`));
  const total = parts.reduce((n, p) => n + p.byteLength, 0);
  const body = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    body.set(p, at);
    at += p.byteLength;
  }
  return body;
}

/** A streamed body of `bytes` bytes without Content-Length, generated as it is read. */
function streamed(bytes: number, chunk = "a=" + "x".repeat(65_534) + "&"): ReadableStream<Uint8Array> {
  const piece = new TextEncoder().encode(chunk);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += piece.byteLength;
      controller.enqueue(piece);
    },
  });
}

interface Body {
  kind: string;
  contentType?: string;
  body: BodyInit | null;
  headers?: Record<string, string>;
}

const enc = (text: string) => new TextEncoder().encode(text);
/** Escaped for XML; a mutated value may hold a lone surrogate, which encodeURIComponent throws on. */
const xmlText = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!);

/** The wrong content types of the report, and whatever else a client may send. */
function wrongTypeBody(r: Random, pairs: Array<[string, string]>): Body {
  const object = JSON.stringify(Object.fromEntries(pairs));
  switch (r.int(9)) {
    case 0:
      return { kind: "json", contentType: "application/json", body: enc(object) };
    case 1:
      return {
        kind: "json array",
        contentType: "application/json",
        body: enc(JSON.stringify([Object.fromEntries(pairs), pairs])),
      };
    case 2:
      return { kind: "text/plain", contentType: "text/plain", body: enc(urlencode(pairs)) };
    case 3:
      return {
        kind: "xml",
        contentType: r.pick(["application/xml", "text/xml"]),
        body: enc(
          `<?xml version="1.0"?><form>${pairs.map(([k, v]) => `<f n="${xmlText(k)}">${xmlText(v)}</f>`).join("")}</form>`,
        ),
      };
    case 4:
      return { kind: "no content type", body: enc(urlencode(pairs)) };
    case 5:
      return { kind: "no body", body: null };
    case 6:
      return { kind: "json with charset", contentType: "application/json; charset=utf-8", body: enc("{broken json") };
    case 7:
      return {
        kind: "odd type",
        contentType: r.pick([
          "*/*",
          "text/html",
          "application/octet-stream",
          "multipart/mixed; boundary=x",
          "application/x-www-form-urlencodedx",
          ";;;",
          "form",
        ]),
        body: enc(urlencode(pairs)),
      };
    default:
      return { kind: "graphql", contentType: "application/graphql", body: enc("{ orders { id } }") };
  }
}

function malformedMultipart(r: Random, pairs: Array<[string, string]>): Body {
  const whole = new TextDecoder().decode(multipartBody(r, pairs, "fz"));
  switch (r.int(6)) {
    case 0:
      return { kind: "multipart without boundary", contentType: "multipart/form-data", body: enc(whole) };
    case 1:
      return {
        kind: "multipart, wrong boundary",
        contentType: "multipart/form-data; boundary=other",
        body: enc(whole),
      };
    case 2:
      return {
        kind: "multipart, truncated",
        contentType: "multipart/form-data; boundary=fz",
        body: enc(whole.slice(0, Math.max(1, r.int(whole.length - 8)))),
      };
    case 3:
      return {
        kind: "multipart, no Content-Disposition",
        contentType: "multipart/form-data; boundary=fz",
        body: enc("--fz\r\nContent-Type: text/plain\r\n\r\nx\r\n--fz--\r\n"),
      };
    case 4:
      return {
        kind: "multipart, garbage",
        contentType: "multipart/form-data; boundary=fz",
        body: Uint8Array.from({ length: 2000 }, () => r.int(256)),
      };
    default:
      return {
        kind: "multipart, quoted boundary",
        contentType: 'multipart/form-data; boundary="fz"',
        body: enc(whole),
      };
  }
}

function bodyFor(r: Random, pairs: Array<[string, string]>): Body {
  const roll = r.next();
  if (roll < 0.3) return wrongTypeBody(r, pairs);
  if (roll < 0.55)
    return {
      kind: "urlencoded",
      contentType: r.pick([
        "application/x-www-form-urlencoded",
        "application/x-www-form-urlencoded; charset=UTF-8",
        "APPLICATION/X-WWW-FORM-URLENCODED",
      ]),
      body: enc(urlencode(pairs)),
    };
  if (roll < 0.62)
    return {
      kind: "urlencoded, broken escapes",
      contentType: "application/x-www-form-urlencoded",
      body: enc(`${urlencode(pairs)}&intent=%E0%A4%A&q=%ZZ&&=&%=%&${"&".repeat(r.int(50))}`),
    };
  if (roll < 0.78)
    return { kind: "multipart", contentType: "multipart/form-data; boundary=fz", body: multipartBody(r, pairs, "fz") };
  if (roll < 0.88) return malformedMultipart(r, pairs);
  if (roll < 0.94)
    return {
      kind: "oversized urlencoded, streamed",
      contentType: "application/x-www-form-urlencoded",
      body: streamed(1_200_000 + r.int(200_000)),
    };
  return {
    kind: "oversized, declared",
    contentType: r.pick(["application/x-www-form-urlencoded", "multipart/form-data; boundary=fz"]),
    body: enc(urlencode(pairs)),
    headers: { "Content-Length": String(r.pick([2 * 1024 * 1024, 100 * 1024 * 1024, 2 ** 40])) },
  };
}

/** The status an action's outcome would be sent with: a thrown Error is what Remix answers with 500. */
function outcomeStatus(outcome: unknown): number {
  if (outcome instanceof Error) return 500;
  return statusOf(outcome);
}

let harness: RouteHarness;
let routes: ActionRoute[];
const ids: Ids = { productId: "", postId: "", orderId: "" };

beforeAll(async () => {
  harness = await createRouteHarness();
  const { makeProduct } = await import("../support/product-factory");
  const product = await harness.ctx.backend.store.products.save(
    makeProduct({ id: "fuzz-product", name: "Fuzz shirt" }),
  );
  ids.productId = product.id;
  const post = await harness.ctx.blog.save({ title: "Fuzz post", body: "Text.", status: "draft", cover: null });
  if (!post.success) throw new Error("post setup failed");
  ids.postId = post.post.id;
  const { makeOrder } = await import("../support/order-factory");
  const { orderLineFor } = await import("~/server/services/checkout/order-line");
  // The admin's own order, so /orders/{id} lets the admin through to the form as its owner.
  const { profiles } = await harness.ctx.backend.store.profiles.list({
    emailPrefix: HARNESS_ADMIN,
    limit: 1,
    offset: 0,
  });
  const order = makeOrder([orderLineFor(product, product.variants[0].size, product.variants[0].colour, 1)], {
    status: "pending_payment",
    userId: profiles[0].uid,
    email: HARNESS_ADMIN,
  });
  await harness.ctx.backend.store.orders.insertMany([order]);
  ids.orderId = order.id;

  routes = [];
  for (const file of routeFiles()) {
    const mod = (await import(path.join(ROUTES_DIR, file))) as RouteModule;
    if (mod.action) routes.push(routeOf(routeName(file), ids, mod.action));
  }
});

afterAll(async () => {
  await harness?.close();
});

function post(route: ActionRoute, who: Who, body: Body): Request {
  const cookies = harness.request(route.path, who).headers;
  const headers = new Headers(cookies);
  if (body.contentType) headers.set("Content-Type", body.contentType);
  for (const [k, v] of Object.entries(body.headers ?? {})) headers.set(k, v);
  return new Request(`http://shop.test${route.path}`, {
    method: "POST",
    headers,
    body: body.body,
    duplex: "half",
  } as RequestInit);
}

describe("bad input never 500s", () => {
  it("finds every form action, the ones of the report among them", () => {
    const paths = routes.map((r) => r.path);
    for (const path of [
      "/cart",
      "/auth/logout",
      `/admin/products/${ids.productId}/edit`,
      `/admin/blog/${ids.postId}/edit`,
      "/admin/products/import",
    ]) {
      expect(paths).toContain(path);
    }
    expect(routes.length).toBeGreaterThanOrEqual(18);
  });

  it(`answers ${CASES} mutated posts over every action below 500 (seed ${SEED})`, async () => {
    const r = random(SEED);
    const failures: string[] = [];
    for (let i = 0; i < CASES; i++) {
      const route = routes[i % routes.length];
      const who = r.pick(["signed-out", "shopper", "admin", "admin"] as const);
      const pairs = fields(r, ids, harness.csrfToken, route.file);
      // Signing out (here, or everywhere) would end the sessions the rest of the run posts with.
      if (
        who !== "signed-out" &&
        (route.file === "auth.logout" || pairs.some(([, v]) => v === "sign-out-everywhere"))
      ) {
        for (const pair of pairs) if (pair[0] === "csrf") pair[1] = "forged";
      }
      const body = bodyFor(r, pairs);
      const outcome = await harness.run(route.action, post(route, who, body), route.params);
      const status = outcomeStatus(outcome);
      if (status >= 500)
        failures.push(
          `case ${i}: POST ${route.path} as ${who}, ${body.kind} -> ${status}${outcome instanceof Error ? ` (${outcome.message})` : ""}`,
        );
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
  });

  // Every route but the catch-all (no page, 404), Stripe's webhook (a signed JSON body, 404 while Stripe is not
  // configured) and the disk-full test hook (404 unless HEMLINE_TEST_HOOKS=storage-full, which the harness is not).
  // The admin API (api.v1.*) takes JSON, not forms: tests/integration/admin-api.test.ts sends it bad bodies.
  const NOT_FORMS = [
    "$",
    "webhooks.stripe",
    "test-hooks.storage-full",
    "api.v1.products.$id._index",
    "api.v1.products.$id.variants.$sku",
    "api.v1.orders.$id.shipment",
    "api.v1.orders.$id.refunds",
  ];

  it.each(["application/json", "application/json (array)", "text/plain", "application/xml"])(
    "answers %s with 415 and a plain message, on every form action",
    async (type) => {
      const body = type.endsWith("(array)")
        ? '[{"intent":"add"}]'
        : type === "application/xml"
          ? "<form><intent>add</intent></form>"
          : '{"intent":"add"}';
      const answers: Record<string, number> = {};
      for (const route of routes.filter((r) => !NOT_FORMS.includes(r.file))) {
        // As an admin, so every guard before the form (sign-in, role, the record) lets it through.
        const outcome = await harness.run(
          route.action,
          post(route, "admin", { kind: type, contentType: type.split(" ")[0], body: enc(body) }),
          route.params,
        );
        answers[route.path] = outcomeStatus(outcome);
        if (outcome instanceof Response && outcome.status === 415)
          expect(await outcome.text()).toMatch(/^This form must be sent as application\/x-www-form-urlencoded/);
      }
      expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((path) => [path, 415])));
    },
  );

  // Names of the wrong shape (issue 25): read before anything renders them, answered 400 with the form's message.
  type Pairs = Array<[string, string]>;
  const plain = (name: string) => name !== "csrf" && name !== "intent";
  const SHAPES: Array<{ what: string; change: (pairs: Pairs) => Pairs; every?: boolean; onlyIf?: RegExp }> = [
    // Checked by the form reader of every form: every action answers them 400.
    {
      what: "ten thousand rows",
      change: (p) => [...p, ["colours[9999].name", "x"], ["email[10000]", "x"]],
      every: true,
    },
    { what: "deep nesting", change: (p) => [...p, [`a${"[0].b".repeat(2000)}`, "x"]], every: true },
    // Checked against the form's own schema: the forms that have these fields answer 400.
    {
      what: "a list sent as one value",
      change: (p) => [...p, ["colours", "Red"], ["sizes", "S"], ["images", "x"]],
      onlyIf: /^admin\.products\.(new|\$id\.edit)$/,
    },
    { what: "a plain field sent as a list", change: (p) => p.map(([k, v]) => (plain(k) ? [`${k}[0]`, v] : [k, v])) },
    {
      what: "a plain field sent as a list of rows",
      change: (p) => p.map(([k, v]) => (plain(k) ? [`${k}[1].y`, v] : [k, v])),
    },
  ];
  /** Routes whose form (the one validForm sends) is parsed against a zod schema: their answer carries the shape message. */
  const SCHEMA_FORMS = [
    "checkout",
    "auth.login",
    "auth.register",
    "auth.forgot-password",
    "auth.reset-password",
    "profile",
    "orders.$id",
    "admin.orders.$id",
    "admin.products.new",
    "admin.products.$id.edit",
    "admin.promotions.new",
    "admin.promotions.$id.edit",
    "admin.blog.new",
    "admin.blog.$id.edit",
  ];

  async function messageOf(outcome: unknown): Promise<string> {
    if (outcome instanceof Response) return outcome.clone().text();
    return JSON.stringify(dataOf(outcome) ?? null);
  }

  /** Turned away before the form is read: not signed in, not allowed, no such record, too many tries. */
  function refused(outcome: unknown): boolean {
    const status = outcomeStatus(outcome);
    if ([401, 403, 404, 405, 429].includes(status)) return true;
    return outcome instanceof Response && /\/auth\/login/.test(outcome.headers.get("Location") ?? "");
  }

  it("answers names of the wrong shape with 400 and the form's message, over every action and every role", async () => {
    const r = random(SEED);
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes.filter((x) => !NOT_FORMS.includes(x.file))) {
      const schemaForm = SCHEMA_FORMS.includes(route.file);
      for (const who of ["signed-out", "shopper", "admin"] as const) {
        // Signing out would end the sessions the rest of the run posts with.
        if (route.file === "auth.logout" && who !== "signed-out") continue;
        const base: Pairs = [
          ["csrf", harness.csrfToken],
          ...Object.entries(validForm(route.file, ids, r) ?? { intent: "save" }),
        ];
        const urlencoded = (pairs: Pairs): Body => ({
          kind: "urlencoded",
          contentType: "application/x-www-form-urlencoded",
          body: enc(urlencode(pairs)),
        });
        const baseline = await harness.run(route.action, post(route, who, urlencoded(base)), route.params);
        for (const shape of SHAPES) {
          const changed = shape.change(base);
          // A form with no plain field to send as a list is not changed by that shape.
          if (urlencode(changed) === urlencode(base)) continue;
          const outcome = await harness.run(route.action, post(route, who, urlencoded(changed)), route.params);
          const status = outcomeStatus(outcome);
          const label = `POST ${route.path} as ${who}, ${shape.what} -> ${status}`;
          if (status >= 500) {
            failures.push(`${label}${outcome instanceof Error ? ` (${outcome.message})` : ""}`);
            continue;
          }
          if (refused(baseline) || (shape.onlyIf && !shape.onlyIf.test(route.file))) continue;
          checked++;
          // Every form refuses them; a schema's form (and any form, for rows and depth) says why.
          if (status !== 400) failures.push(`${label}, expected 400`);
          else if ((shape.every || schemaForm) && !(await messageOf(outcome)).includes(FORM_SHAPE_MESSAGE))
            failures.push(`${label} without the form's message`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Most actions, as an admin at least, read the form: a run that checked almost nothing proves nothing.
    expect(checked).toBeGreaterThan(routes.length);
  });

  it("answers multipart to a form without files, and a truncated upload with 400", async () => {
    const cart = routes.find((r) => r.path === "/cart")!;
    const multipart = {
      kind: "multipart",
      contentType: "multipart/form-data; boundary=fz",
      body: enc(`--fz\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${harness.csrfToken}\r\n--fz--\r\n`),
    };
    expect(outcomeStatus(await harness.run(cart.action, post(cart, "shopper", multipart), cart.params))).toBe(415);
    const upload = routes.find((r) => r.path === "/admin/products/import")!;
    const truncated = {
      kind: "truncated",
      contentType: "multipart/form-data; boundary=fz",
      body: enc(`--fz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nslug,na`),
    };
    expect(outcomeStatus(await harness.run(upload.action, post(upload, "admin", truncated), upload.params))).toBe(400);
  });

  it("answers a form over the limit with 413", async () => {
    const logout = routes.find((r) => r.path === "/auth/logout")!;
    const big = { kind: "big", contentType: "application/x-www-form-urlencoded", body: streamed(2_000_000) };
    expect(outcomeStatus(await harness.run(logout.action, post(logout, "shopper", big), logout.params))).toBe(413);
    const edit = routes.find((r) => r.path === `/admin/blog/${ids.postId}/edit`)!;
    const huge = {
      kind: "huge",
      contentType: "multipart/form-data; boundary=fz",
      body: enc("--fz--\r\n"),
      headers: { "Content-Length": String(200 * 1024 * 1024) },
    };
    expect(outcomeStatus(await harness.run(edit.action, post(edit, "admin", huge), edit.params))).toBe(413);
  });
});
