import type { TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { register, registerOrSignIn, uniqueEmail } from "./support/accounts";
import { createProduct, uniqueWord } from "./support/admin-catalogue";
import { HttpShopper } from "./support/http-shopper";
import { addToCart, cartLine } from "./support/shop";

// Two shop processes (A and B), each with a data directory of its own, on one Firestore, one
// Firebase Auth and one Cloud Storage (the emulators): several instances of one shop. Whatever
// one instance writes, the other serves; nothing lives in one process or on one disk.
// Runs in the Firebase projects, JavaScript on and off; A is the project's baseURL.

const B = process.env.E2E_FIREBASE_B_URL!;
const adminFor = (testInfo: TestInfo) => `multi-admin-${testInfo.project.name}@hemline.test`;

// Each test drives two instances and dozens of shoppers: more time than a one-page test.
test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async ({ request }) => {
  // The test server waits for A only; B started beside it.
  await expect(async () => expect((await request.get(`${B}/healthz`)).status()).toBe(200)).toPass({ timeout: 120_000 });
});

/** The product the first test creates; the later tests buy it. */
let jeans: { id: string; name: string };

test("a product saved with a photo on A is listed on B with its photo and stock, within seconds", async ({
  page,
  request,
}, testInfo) => {
  const A = testInfo.project.use.baseURL!;
  const word = uniqueWord();
  const name = `${word} Straight Jeans`;
  await registerOrSignIn(page, adminFor(testInfo));
  const id = await createProduct(page, name, { image: true, stock: { "30": 5, "32": 2 } });
  jeans = { id, name };

  // B has its own data directory: the photo can only come from the shared storage.
  await expect(async () => {
    const listing = await request.get(`${B}/products?q=${word}`);
    expect(await listing.text()).toContain(name);
  }).toPass({ timeout: 20_000 });
  await page.goto(`${B}/products/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const photo = page.getByRole("img", { name: `${name}, front view` }).first();
  await expect(photo).toBeVisible();
  const src = await photo.getAttribute("src");
  expect(src).toMatch(/^\/uploads\/products\//);
  const image = await request.get(`${B}${src}`);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");
  expect(image.headers()["cache-control"]).toContain("immutable");
  // Its stock, size by size, as saved on A.
  await expect(page.getByRole("radio", { name: /^32\b/ }).first()).toBeEnabled();

  // The same image is served by A too, byte for byte.
  const fromA = await request.get(`${A}${src}`);
  expect(Buffer.compare(await fromA.body(), await image.body())).toBe(0);
});

test("a shopper signed in on A carries the session and the cart to B", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "multi-shopper");
  await register(page, email);
  await addToCart(page, { productId: jeans.id, colour: "Indigo", size: "30" });

  // Cookies belong to the host, so the browser sends them to B as it would to any instance
  // behind one load balancer: B knows the shopper and the cart.
  await page.goto(`${B}/cart`);
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: email })).toBeVisible();
  await expect(cartLine(page, jeans.name, "Indigo", "30")).toBeVisible();
  await page.goto(`${B}/profile`);
  await expect(page).toHaveURL(`${B}/profile`);
});

test("30 shoppers split across A and B race for the last unit: exactly one order, the others told it sold out", async ({
  page,
}, testInfo) => {
  const A = testInfo.project.use.baseURL!;
  const word = uniqueWord();
  const name = `${word} Straight Jeans`;
  await registerOrSignIn(page, adminFor(testInfo));
  const id = await createProduct(page, name, { stock: { "30": 3, "32": 1 } });

  // Each shopper fills a cart with the last unit (size 32) on A or B, then all place at once.
  const shoppers = Array.from({ length: 30 }, (_, i) => new HttpShopper(i % 2 === 0 ? A : B));
  await expect(async () => {
    const page = await new HttpShopper(B).call(`/products/${id}`);
    expect(page.status).toBe(200);
  }).toPass({ timeout: 20_000 });
  const added = await Promise.all(shoppers.map((s) => s.add(id, { colour: "Indigo", size: "32" })));
  expect(added.map((r) => r.status)).toEqual(shoppers.map(() => 303));
  const forms = await Promise.all(
    shoppers.map((s, i) => s.checkoutForm(`racer-${i}-${testInfo.project.name}@hemline.test`)),
  );
  const answers = await Promise.all(shoppers.map((s, i) => s.post("/checkout", forms[i])));

  const placed = answers.filter((r) => r.status === 303 && (r.headers.get("location") ?? "").includes("/orders/"));
  const refused = answers.filter((r) => r.status === 409);
  expect(placed).toHaveLength(1);
  expect(refused).toHaveLength(29);
  for (const answer of refused) expect(await answer.text()).toContain(`${name} (Indigo, 32): sold out`);

  // Stock 0 on both instances once they catch up: the size is sold out everywhere.
  for (const base of [A, B]) {
    await expect(async () => {
      await page.goto(`${base}/products/${id}`);
      await expect(page.getByRole("radio", { name: /^32\b/ }).first()).toBeDisabled({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
  }
});

test("the same checkout posted to A and B at once makes one order", async ({ page }, testInfo) => {
  const A = testInfo.project.use.baseURL!;
  const shopper = new HttpShopper(A);
  expect((await shopper.add(jeans.id, { colour: "Indigo", size: "30" })).status).toBe(303);
  const email = uniqueEmail(testInfo, "twice");
  const form = await shopper.checkoutForm(email);
  const [fromA, fromB] = await Promise.all([shopper.post(`${A}/checkout`, form), shopper.post(`${B}/checkout`, form)]);
  expect(fromA.status).toBe(303);
  expect(fromB.status).toBe(303);
  const orderOf = (r: Response) => new URL(r.headers.get("location")!, A).pathname;
  expect(orderOf(fromA)).toMatch(/^\/orders\//);
  expect(orderOf(fromB)).toBe(orderOf(fromA));
  // One order for this e-mail, as an admin sees it on either instance.
  await registerOrSignIn(page, adminFor(testInfo));
  for (const base of [A, B]) {
    await page.goto(`${base}/admin/orders?q=${encodeURIComponent(email)}`);
    await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(1);
  }
});
