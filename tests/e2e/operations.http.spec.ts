import Database from "better-sqlite3";
import { spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { expect, test } from "./fixtures";
import { E2E_SESSION_SECRET, startShop, serving } from "./support/extra-shop";
import { field, HttpShopper } from "./support/http-shopper";

// What an operator watches (issue 31, part 5): request ids, JSON log lines without secrets,
// Prometheus metrics behind a token, and a SIGTERM that loses no acknowledged purchase.

test.describe.configure({ timeout: 240_000 });

const METRICS_TOKEN = "metrics-token-for-the-e2e-operations-test";

/** A product of the seeded catalogue with a variant that has at least `units` in stock. */
function productWithStock(dataDir: string, units: number) {
  const db = new Database(path.join(dataDir, "hemline.sqlite"), { readonly: true });
  try {
    const rows = db.prepare("SELECT id, variants FROM products WHERE status = 'active'").all() as Array<{
      id: string;
      variants: string;
    }>;
    for (const row of rows) {
      const variant = (
        JSON.parse(row.variants) as Array<{ sku: string; size: string; colour: string; stock: number }>
      ).find((v) => v.stock >= units);
      if (variant) return { productId: row.id, ...variant };
    }
    throw new Error(`No seeded variant has ${units} units in stock`);
  } finally {
    db.close();
  }
}

/** Every named input of a page's forms with its value, as a browser would send them (CSRF token, honeypot). */
function inputsOf(html: string): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    const name = /\bname="([^"]+)"/.exec(tag)?.[1];
    if (name) inputs[name] = /\bvalue="([^"]*)"/.exec(tag)?.[1] ?? "";
  }
  return inputs;
}

test("every response has a request id, the error page quotes it, and JSON log lines carry it and the trace without secrets", async () => {
  const shop = await startShop(() => ({ LOG_FORMAT: "json", GOOGLE_CLOUD_PROJECT: "demo-hemline-logs" }));
  try {
    const base = await serving(shop);
    const shopper = new HttpShopper(base);

    // Generated when none is sent, on pages, resource routes and static files alike.
    for (const url of ["/", "/healthz", "/robots.txt", "/favicon.ico"]) {
      const id = (await shopper.call(url)).headers.get("x-request-id");
      expect(id, url).toMatch(/^[0-9a-f-]{36}$/);
    }
    // A well-formed incoming id is kept; one that could smuggle text into a log line is replaced.
    const kept = await shopper.call("/products", { headers: { "x-request-id": "lb-request-0123456789" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-request-0123456789");
    const replaced = await shopper.call("/products", { headers: { "x-request-id": "bad id with spaces" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    // The error page shows the same id as a reference a shopper can quote.
    const missing = await shopper.call("/no-such-page-for-the-log-test", {
      headers: { traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01" },
    });
    const reference = missing.headers.get("x-request-id")!;
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(`Reference: <code class="break-all font-mono">${reference}</code>`);

    // Secrets a request carries: a password, a CSRF token, a session cookie, a reset token, a bearer token.
    const password = "Sup3r-secret-passw0rd!";
    const email = `log-test-${Date.now()}@hemline.test`;
    const register = await (await shopper.call("/auth/register")).text();
    const csrf = field(register, "csrf");
    const registered = await shopper.post("/auth/register", {
      ...inputsOf(register),
      email,
      password,
      confirmPassword: password,
    });
    expect(registered.status, await registered.text()).toBe(303);
    const session = shopper.jar.header();
    await shopper.call("/auth/reset-password?token=reset-token-should-never-be-logged");
    await shopper.call("/orders/unknown?key=order-key-should-never-be-logged");
    await shopper.call("/healthz", { headers: { authorization: "Bearer bearer-token-should-never-be-logged" } });

    // The request lines are written as each response ends.
    await expect(() => expect(shop.output()).toContain('"requestUrl":"/orders/unknown?key=[redacted]"')).toPass();
    const lines = shop.output().split("\n").filter(Boolean);
    // One JSON object per line, each with a severity and a message.
    for (const line of lines) {
      const entry = JSON.parse(line) as { severity?: string; message?: string };
      expect(["DEBUG", "INFO", "WARNING", "ERROR"]).toContain(entry.severity);
      expect(typeof entry.message).toBe("string");
    }
    const log = shop.output();
    for (const secret of [
      password,
      csrf,
      ...session.split("; ").map((c) => c.split("=").slice(1).join("=")),
      "reset-token-should-never-be-logged",
      "order-key-should-never-be-logged",
      "bearer-token-should-never-be-logged",
      "e2e-session-secret-that-is-long-enough",
    ]) {
      expect(secret.length).toBeGreaterThan(8);
      expect(log).not.toContain(secret);
    }
    // The 404's request line: Cloud Logging's httpRequest, the request id and the trace of its traceparent.
    const line = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((entry) => entry.requestId === reference && entry.httpRequest);
    expect(line).toMatchObject({
      severity: "WARNING",
      httpRequest: {
        requestMethod: "GET",
        requestUrl: "/no-such-page-for-the-log-test",
        status: 404,
        protocol: "HTTP/1.1",
      },
      "logging.googleapis.com/trace": "projects/demo-hemline-logs/traces/4bf92f3577b34da6a3ce929d0e0e4736",
      "logging.googleapis.com/spanId": "00f067aa0ba902b7",
    });
    const http = line!.httpRequest as Record<string, string>;
    expect(http.latency).toMatch(/^\d+\.\d+s$/);
    expect(Number(http.responseSize)).toBeGreaterThan(1000);
    expect(http.userAgent).toContain("Chrome");
  } finally {
    await shop.stop();
  }
});

test("/metrics is 404 without its bearer token and counts requests, cache hits and orders with it", async () => {
  // The test server has no METRICS_TOKEN: the path does not exist.
  const plain = await startShop(() => ({}), { unset: ["METRICS_TOKEN"] });
  const shop = await startShop(() => ({ METRICS_TOKEN }));
  try {
    expect((await fetch(`${await serving(plain)}/metrics`)).status).toBe(404);
    const base = await serving(shop);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: "Bearer not-the-token" } })).status).toBe(404);

    const scrape = async () => {
      const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/plain");
      return response.text();
    };
    const value = (text: string, series: string) =>
      Number(new RegExp(`^${series.replace(/[{}"()$.]/g, "\\$&")} (\\S+)$`, "m").exec(text)?.[1] ?? 0);

    const before = await scrape();
    const shopper = new HttpShopper(base);
    const { productId, colour, size } = productWithStock(shop.dataDir, 1);
    await shopper.call(`/products/${productId}`);
    await shopper.call(`/products/${productId}`);
    expect((await shopper.add(productId, { colour, size })).status).toBe(303);
    const email = `metrics-${Date.now()}@hemline.test`;
    const placed = await shopper.post("/checkout", await shopper.checkoutForm(email));
    expect(placed.status, await placed.text()).toBe(303);

    // A backup taken by hand, in another process, is counted by the serving shop.
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: shop.dataDir, SESSION_SECRET: E2E_SESSION_SECRET };
    for (const name of ["SHOP_BACKEND", "BACKUP_DIR", "PUBLIC_URL", "HOST", "WEB_CONCURRENCY"]) delete env[name];
    const backup = spawnSync("npm", ["run", "--silent", "backup"], { env, encoding: "utf8" });
    expect(backup.status, backup.stderr).toBe(0);

    const after = await scrape();
    expect(value(after, "hemline_orders_placed_total")).toBe(value(before, "hemline_orders_placed_total") + 1);
    expect(value(after, 'hemline_backups_total{result="ok"}')).toBe(
      value(before, 'hemline_backups_total{result="ok"}') + 1,
    );
    // The order was paid (the test card): one payment, and its total as revenue, in its currency.
    const db = new Database(path.join(shop.dataDir, "hemline.sqlite"), { readonly: true });
    const order = JSON.parse(
      (db.prepare("SELECT data FROM orders WHERE email = ?").get(email) as { data: string }).data,
    ) as { status: string; totalMinor: number; currency: string };
    db.close();
    expect(order.status).toBe("paid");
    const paid = `hemline_payments_total{currency="${order.currency}"}`;
    expect(value(after, paid)).toBe(value(before, paid) + 1);
    const earned = `hemline_revenue_total{currency="${order.currency}"}`;
    expect(value(after, earned) - value(before, earned)).toBeCloseTo(order.totalMinor / 100, 6);
    // The second view of the product page was served from the render cache, counted under its route.
    const productHits = 'hemline_render_cache_lookups_total{result="hit",route="routes/products.$id"}';
    expect(value(after, productHits)).toBeGreaterThan(value(before, productHits));
    expect(value(after, 'hemline_http_requests_total{route="routes/checkout",method="POST",status="303"}')).toBe(1);
    expect(value(after, 'hemline_mail_total{result="sent"}')).toBeGreaterThan(
      value(before, 'hemline_mail_total{result="sent"}'),
    );
    for (const series of [
      "hemline_http_request_duration_seconds_bucket",
      "hemline_payments_declined_total",
      "hemline_refunds_total",
      "hemline_webhook_failures_total",
      "hemline_backups_total",
      "hemline_nodejs_eventloop_lag_seconds",
      "hemline_nodejs_heap_size_used_bytes",
    ])
      expect(after, series).toContain(series);
  } finally {
    await plain.stop();
    await shop.stop();
  }
});

test("SIGTERM while 10 purchases are in flight: /healthz says stopping, no new connection, every acknowledged order is whole", async () => {
  const shop = await startShop(() => ({}));
  try {
    const base = await serving(shop);
    const variant = productWithStock(shop.dataDir, 10);
    const shoppers = Array.from({ length: 10 }, () => new HttpShopper(base));
    const forms = await Promise.all(
      shoppers.map(async (shopper, i) => {
        const added = await shopper.add(variant.productId, { colour: variant.colour, size: variant.size });
        expect(added.status).toBe(303);
        return shopper.checkoutForm(`sigterm-${i}-${Date.now()}@hemline.test`);
      }),
    );

    // A connection whose request has begun (headers half sent) is one the shutdown must still answer.
    const probe = net.connect(shop.port, "127.0.0.1");
    let probeAnswer = "";
    probe.on("data", (chunk) => (probeAnswer += chunk.toString()));
    await new Promise<void>((resolve) => probe.once("connect", () => resolve()));
    probe.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n");

    const purchases = shoppers.map((shopper, i) =>
      shopper.post("/checkout", forms[i]!).then(
        (response) => ({ acknowledged: response.status === 303, location: response.headers.get("location") ?? "" }),
        () => ({ acknowledged: false, location: "" }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    shop.signal("SIGTERM");
    // Once the shop says it is stopping (a busy event loop may take a while to get to the signal).
    await expect.poll(() => shop.output(), { timeout: 10_000 }).toContain("SIGTERM: finishing the requests in flight");

    probe.write("\r\n");
    await expect(() => expect(probeAnswer).toContain('{"status":"stopping"}')).toPass({ timeout: 10_000 });
    expect(probeAnswer).toMatch(/^HTTP\/1\.1 503/);
    expect(probeAnswer).toContain('{"status":"stopping"}');
    probe.destroy();

    // The port takes no new connection.
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(shop.port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(false)));
      socket.once("error", () => resolve(true));
    });
    expect(refused).toBe(true);

    const outcomes = await Promise.all(purchases);
    const code = await shop.exited();
    expect(code, shop.output()).toBe(0);

    const acknowledged = outcomes.filter((o) => o.acknowledged);
    expect(acknowledged.length, JSON.stringify(outcomes)).toBeGreaterThan(0);
    const db = new Database(path.join(shop.dataDir, "hemline.sqlite"), { readonly: true });
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      const orders = db.prepare("SELECT id, data FROM orders WHERE email LIKE 'sigterm-%'").all() as Array<{
        id: string;
        data: string;
      }>;
      // Every order the client saw acknowledged is in the store.
      for (const { location } of acknowledged) {
        const id = /\/orders\/([^?/]+)/.exec(location)?.[1];
        expect(
          orders.map((o) => o.id),
          location,
        ).toContain(id);
      }
      // Nothing half-written: the stock taken is exactly what the stored orders hold.
      const ordered = orders
        .flatMap((o) => (JSON.parse(o.data) as { lines: Array<{ sku: string; quantity: number }> }).lines)
        .filter((l) => l.sku === variant.sku)
        .reduce((sum, l) => sum + l.quantity, 0);
      const row = db.prepare("SELECT variants FROM products WHERE id = ?").get(variant.productId) as {
        variants: string;
      };
      const stock = (JSON.parse(row.variants) as Array<{ sku: string; stock: number }>).find(
        (v) => v.sku === variant.sku,
      )!;
      expect(stock.stock).toBe(variant.stock - ordered);
      expect(ordered).toBe(orders.length);
    } finally {
      db.close();
    }
    expect(shop.output()).toContain("SIGTERM: finishing the requests in flight");
  } finally {
    await shop.stop();
  }
});
