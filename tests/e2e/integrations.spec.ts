import { expect, test } from "./fixtures";
import { registerOrSignIn } from "./support/accounts";
import { startReceiver } from "../support/webhook-receiver";

// The owner connects another system, with JavaScript on and off: creates an API key (shown once),
// calls the API with it, registers a webhook endpoint (its secret shown once) on a receiver that
// verifies signatures, changes stock through the API and sees the event arrive and the delivery
// logged; then revokes the key, which stops working. integrations-admin-js-on / -js-off@hemline.test
// are in the test server's ADMIN_EMAILS; the server allows webhooks to this machine.

test("owner creates an API key and a webhook endpoint; the API and the event work; revoking stops the key", async ({
  page,
  playwright,
}, testInfo) => {
  test.setTimeout(60_000);
  const receiver = await startReceiver();
  try {
    // A product of its own per project, which no other spec buys or edits (a version read stays current).
    const productId = testInfo.project.name === "js-on" ? "p0061" : "p0062";
    const name = `Warehouse ${testInfo.project.name} ${Date.now().toString(36)}`;
    await registerOrSignIn(page, `integrations-admin-${testInfo.project.name}@hemline.test`);
    await page.goto("/admin/api-keys");
    await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();

    // Without a name or any permission the form says so, and nothing is made.
    await page.getByRole("checkbox", { name: "products:read" }).uncheck();
    await page.getByRole("checkbox", { name: "orders:read" }).uncheck();
    await page.getByRole("checkbox", { name: "customers:read" }).uncheck();
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByText("Choose at least one permission.")).toBeVisible();

    await page.getByRole("checkbox", { name: "products:read" }).check();
    await page.getByRole("checkbox", { name: "products:write" }).check();
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByRole("status")).toContainText(`The key “${name}” was created`);
    const secret = await page.getByLabel("New API key").inputValue();
    expect(secret).toMatch(/^hml_/);
    expect(page.url()).not.toContain(secret.slice(4));
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("products:read, products:write");
    await expect(row).toContainText(secret.slice(0, 12));
    // Shown once: the list page never shows it again.
    await page.goto("/admin/api-keys");
    await expect(page.getByText(secret)).toHaveCount(0);

    // The API answers to the key, and to nothing else (no cookie of the owner's session counts).
    const api = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
    const product = await api.get(`/api/v1/products/${productId}`, { headers: { Authorization: `Bearer ${secret}` } });
    expect(product.status()).toBe(200);
    const { version, variants } = (await product.json()) as {
      version: number;
      variants: Array<{ sku: string; stock: number }>;
    };
    expect((await api.get(`/api/v1/products/${productId}`)).status()).toBe(401);
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: name })).not.toContainText("Never");

    // A webhook endpoint for product events.
    await page.goto("/admin/webhooks");
    await page.getByLabel("Address").fill(receiver.url);
    await page.getByRole("checkbox", { name: "product.stock_changed" }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByRole("status")).toContainText("Copy its signing secret now");
    receiver.useSecret(await page.getByLabel("Signing secret").inputValue());

    const sku = variants[0]!.sku;
    const patched = await api.patch(`/api/v1/products/${productId}/variants/${encodeURIComponent(sku)}`, {
      headers: { Authorization: `Bearer ${secret}` },
      data: { version, stock: variants[0]!.stock + 1 },
    });
    expect(patched.status()).toBe(200);
    await expect
      .poll(
        () =>
          receiver.received.filter((r) => r.body.type === "product.stock_changed" && r.body.data.id === productId)
            .length,
      )
      .toBeGreaterThan(0);
    const event = receiver.received.find(
      (r) => r.body.type === "product.stock_changed" && r.body.data.id === productId,
    )!;
    expect(event.signed).toBe(true);
    expect(event.body.data).toMatchObject({ id: productId });

    await page.goto("/admin/webhooks");
    await page.getByRole("link", { name: receiver.url }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhook deliveries" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: event.body.id })).toContainText("Delivered");
    await page.getByRole("button", { name: `Send product.stock_changed ${event.body.id} again` }).click();
    await expect(page.getByRole("status").filter({ hasText: "will be sent again now" })).toBeVisible();
    await expect.poll(() => receiver.received.filter((r) => r.body.id === event.body.id).length).toBe(2);

    // Revoked: the key stops working at once.
    await page.goto("/admin/api-keys");
    await page.getByRole("button", { name: `Revoke ${name}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Revoked the key “${name}”` })).toBeVisible();
    const refused = await api.get(`/api/v1/products/${productId}`, { headers: { Authorization: `Bearer ${secret}` } });
    expect(refused.status()).toBe(401);
    expect(refused.headers()["content-type"]).toBe("application/problem+json");

    // Clean up the endpoint: other runs of the suite on this server register their own.
    await page.goto("/admin/webhooks");
    await page.getByRole("button", { name: `Remove ${receiver.url}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "It receives no more events." })).toBeVisible();
    await api.dispose();
  } finally {
    await receiver.close();
  }
});
