import { expect, test } from "./fixtures";
import { register, signIn, signOut, uniqueEmail } from "./support/accounts";
import { latestMailTo } from "./support/outbox";
import { ADDRESS, addToCart, cartLine, fillCard, fillCheckout, headerCount } from "./support/shop";

// The purchase flows, with JavaScript on and off. Each project buys different products so the
// two runs never compete for the same stock.

const pick = (js: boolean, on: string, off: string) => (js ? on : off);

test("guest: two sizes, a changed quantity, checkout with 4242, confirmation, then the order through its link", async ({
  page,
  js,
  browser,
}, testInfo) => {
  const productId = pick(js, "p0003", "p0004");
  const colour = pick(js, "Stone", "White");
  await addToCart(page, { productId, colour, size: "S" });
  await addToCart(page, { productId, colour, size: "M" });
  expect(await headerCount(page)).toBe(2);
  const name = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
  const unit = Number(await page.locator("[data-price]").first().getAttribute("data-price"));

  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: /Cart/ }).click();
  const line = cartLine(page, name, colour, "M");
  await line.getByLabel(/Quantity/).fill("2");
  await line.getByRole("button", { name: /Update/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Updated the quantity" })).toBeVisible();
  expect(await headerCount(page)).toBe(3);
  await expect(page.getByTestId("subtotal")).toHaveText(`€${((unit * 3) / 100).toFixed(2)}`);

  await page.getByRole("link", { name: "Check out" }).click();
  const email = uniqueEmail(testInfo, "guest");
  await fillCheckout(page, { email, card: "4242 4242 4242 4242" });
  await page.getByRole("button", { name: "Place order and pay" }).click();

  await expect(page.getByText("Thank you! Your order is confirmed.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Order HM-[0-9A-Z]{8}$/);
  await expect(page.getByText("Visa ending 4242 · Paid")).toBeVisible();
  expect(await headerCount(page)).toBe(0);
  const number = (await page.getByRole("heading", { level: 1 }).innerText()).replace("Order ", "");
  const orderUrl = new URL(page.url());
  expect(orderUrl.searchParams.get("key")).toBeTruthy();
  // The thank-you is a one-time notice from the flash cookie: the address carries no flag, and
  // the page, reloaded or opened from a bookmark, shows the order without it.
  expect([...orderUrl.searchParams.keys()]).toEqual(["key"]);
  await page.reload();
  await expect(page.getByText("Visa ending 4242 · Paid")).toBeVisible();
  await expect(page.getByText("Thank you! Your order is confirmed.")).toHaveCount(0);

  // The confirmation e-mail carries the summary and the signed link; it opens in a browser that never shopped here.
  const mail = await latestMailTo(email, testInfo);
  expect(mail).toContain(`order ${number} is confirmed`);
  expect(mail).toContain(`2 × ${name} (${colour}, M)`);
  const link = /https?:\/\/\S+\/orders\/\S+key=\S+/.exec(mail)![0];
  const stranger = await browser.newContext({ javaScriptEnabled: js });
  const other = await stranger.newPage();
  await other.goto(link);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText(`Order ${number}`);
  await expect(other.getByText(ADDRESS.line1)).toBeVisible();
  // Without the key the same order does not exist for them.
  const bare = await other.goto(`${orderUrl.origin}${orderUrl.pathname}`);
  expect(bare?.status()).toBe(404);
  await stranger.close();
});

test("a declined card keeps the order and address; another card pays it", async ({ page, js }, testInfo) => {
  await addToCart(page, { productId: pick(js, "p0005", "p0006"), colour: pick(js, "Navy", "Rust"), size: "M" });
  await page.goto("/checkout");
  await fillCheckout(page, { email: uniqueEmail(testInfo, "declined"), card: "4000 0000 0000 0002" });
  await page.getByRole("button", { name: "Place order and pay" }).click();

  await expect(page.getByRole("heading", { name: "Your payment did not go through" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toBeVisible();
  await expect(page.getByText("Payment failed").first()).toBeVisible();
  await expect(page.getByText(ADDRESS.line1)).toBeVisible();
  // Not paid: no invoice yet, and its page says so with a 404.
  await expect(page.getByRole("link", { name: /^Invoice / })).toHaveCount(0);
  const orderUrl = new URL(page.url());
  const unpaid = await page.request.get(`${orderUrl.pathname}/invoice${orderUrl.search}`);
  expect(unpaid.status()).toBe(404);
  expect(await unpaid.text()).toContain("has no invoice yet: one is issued when the order is paid.");

  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay €/ }).click();
  await expect(page.getByText("Thank you! Your order is confirmed.")).toBeVisible();
  await expect(page.getByText("Visa ending 4242 · Paid")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Invoice INV-\d{4}-\d{6}$/ })).toBeVisible();
  await expect(page.getByRole("list", { name: "Order timeline" }).getByText("Payment failed")).toBeVisible();
});

test("a signed-in checkout appears in /orders, and nobody else can open it", async ({
  page,
  js,
  browser,
}, testInfo) => {
  // Register, buy, list, then a second visitor: many page loads, over the 30 s budget once on a loaded machine.
  test.setTimeout(90_000);
  const email = uniqueEmail(testInfo, "buyer");
  await register(page, email);
  await addToCart(page, { productId: pick(js, "p0007", "p0008"), colour: pick(js, "Black", "Cream"), size: "M" });
  await page.goto("/checkout");
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(email);
  await fillCheckout(page, { card: "4242424242424242", express: true });
  await page.getByRole("button", { name: "Place order and pay" }).click();
  await expect(page.getByText("Thank you! Your order is confirmed.")).toBeVisible();
  await expect(page.getByText("Express delivery (1–2 working days)").first()).toBeVisible();
  const number = (await page.getByRole("heading", { level: 1 }).innerText()).replace("Order ", "");
  const orderPath = new URL(page.url()).pathname;

  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("heading", { name: "Your orders" })).toBeVisible();
  await expect(page.getByRole("link", { name: `Order ${number}` })).toBeVisible();
  await page.getByRole("link", { name: `Order ${number}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${number}`);

  // Another shopper, signed in, gets a 404 for it.
  const otherContext = await browser.newContext({ javaScriptEnabled: js });
  const other = await otherContext.newPage();
  await register(other, uniqueEmail(testInfo, "nosy"));
  const response = await other.goto(orderPath);
  expect(response?.status()).toBe(404);
  // The error keeps the order page's way back to the shopper's own orders.
  await expect(other.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await other.getByRole("link", { name: "See all your orders" }).click();
  await expect(other.getByRole("heading", { name: "Your orders" })).toBeVisible();
  await otherContext.close();
});

test("the guest cart joins the account's cart at sign-in", async ({ page, js }, testInfo) => {
  const productId = pick(js, "p0009", "p0010");
  const colour = pick(js, "White", "Blush");
  const email = uniqueEmail(testInfo, "merge");
  await register(page, email);
  await addToCart(page, { productId, colour, size: "S" });
  await signOut(page);
  expect(await headerCount(page)).toBe(0);

  await addToCart(page, { productId, colour, size: "S", quantity: 2 });
  await addToCart(page, { productId, colour, size: "XS" });
  const name = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
  expect(await headerCount(page)).toBe(3);

  await page.goto("/auth/login?redirectTo=%2Fcart");
  await signIn(page, email);
  await expect(page.getByRole("heading", { name: "Your cart" })).toBeVisible();
  await expect(cartLine(page, name, colour, "S").getByLabel(/Quantity/)).toHaveValue("3");
  await expect(cartLine(page, name, colour, "XS").getByLabel(/Quantity/)).toHaveValue("1");
  expect(await headerCount(page)).toBe(4);
});

test("a missing size or a bad quantity is explained on the product page; the cart stays as it was", async ({
  page,
}) => {
  await page.goto("/products/p0011");
  const form = page.locator("form", { has: page.getByRole("button", { name: "Add to cart" }) });
  const csrf = await form.locator('input[name="csrf"]').inputValue();
  const post = (fields: Record<string, string>) =>
    page.request.post("/products/p0011", {
      form: { csrf, intent: "add", productId: "p0011", ...fields },
      maxRedirects: 0,
    });

  for (const quantity of ["0", "-1", "1.5", "abc", "99999"]) {
    const response = await post({ colour: "Olive", size: "M", quantity });
    expect(response.status(), quantity).toBe(400);
    expect(await response.text(), quantity).toMatch(
      /Enter a quantity from 1 to 10\.|You can buy up to 10 of one item\./,
    );
  }
  const noSize = await post({ colour: "Olive", quantity: "1" });
  expect(noSize.status()).toBe(400);
  expect(await noSize.text()).toContain("Choose a size.");
  const unknownVariant = await post({ colour: "Olive", size: "XXXL", quantity: "1" });
  expect(unknownVariant.status()).toBe(400);
  const forged = await page.request.post("/products/p0011", {
    form: { csrf: "forged", intent: "add", productId: "p0011", colour: "Olive", size: "M", quantity: "1" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain("This form has expired. Please reload the page and try again.");
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
});

test("checkout ignores prices sent by the browser and explains bad address fields", async ({ page, js }, testInfo) => {
  await addToCart(page, { productId: pick(js, "p0012", "p0013"), colour: pick(js, "Charcoal", "Black"), size: "M" });
  const unit = Number(await page.locator("[data-price]").first().getAttribute("data-price"));
  await page.goto("/checkout");
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const checkoutKey = await page.locator('input[name="checkoutKey"]').inputValue();
  const base = {
    csrf,
    checkoutKey,
    email: uniqueEmail(testInfo, "tamper"),
    name: ADDRESS.name,
    line1: ADDRESS.line1,
    city: ADDRESS.city,
    postalCode: ADDRESS.postalCode,
    country: "IE",
    shippingMethod: "standard",
    cardNumber: "4242424242424242",
    expiry: "12/34",
    cvc: "123",
  };

  const huge = await page.request.post("/checkout", { form: { ...base, name: "x".repeat(5000) }, maxRedirects: 0 });
  expect(huge.status()).toBe(400);
  expect(await huge.text()).toContain("Your full name must be at most 100 characters.");
  const missing = await page.request.post("/checkout", { form: { ...base, line1: "" }, maxRedirects: 0 });
  expect(missing.status()).toBe(400);
  expect(await missing.text()).toContain("Enter the street address.");
  const forged = await page.request.post("/checkout", { form: { ...base, csrf: "forged" }, maxRedirects: 0 });
  expect(forged.status()).toBe(403);

  const placed = await page.request.post("/checkout", {
    form: { ...base, price: "1", priceMinor: "1", total: "0.01", unitPriceMinor: "1" },
    maxRedirects: 0,
  });
  expect(placed.status()).toBe(303);
  // The same form posted again is the same order.
  const replay = await page.request.post("/checkout", { form: { ...base, price: "1" }, maxRedirects: 0 });
  expect(replay.headers()["location"]).toBe(placed.headers()["location"]);
  await page.goto(placed.headers()["location"]);
  await expect(page.getByTestId("total")).toHaveText(`€${((unit + 495) / 100).toFixed(2)}`);
});
