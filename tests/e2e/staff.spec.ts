import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { formFields, PASSWORD, register, registerOrSignIn, uniqueEmail } from "./support/accounts";
import { placeOrder, shipOrder } from "./support/orders";
import { addToCart } from "./support/shop";

// Staff roles in the browser, JavaScript on and off: an owner (staff-owner-<project> is in the
// test server's ADMIN_EMAILS) invites by e-mail; a new visitor registers through the link, an
// existing account accepts it signed in. Then each role does what it may and is refused the
// rest by the server (a 403, not only a hidden button), and a revocation holds at the next request.

/** Bought by this spec only (one per project): a paid order for each order test. */
const ITEMS = {
  "js-on": {
    fulfilment: { productId: "p0061", colour: "Black", size: "S" },
    support: { productId: "p0062", colour: "Stone", size: "L" },
  },
  "js-off": {
    fulfilment: { productId: "p0063", colour: "Olive", size: "S" },
    support: { productId: "p0064", colour: "Camel", size: "XS" },
  },
};
/** A product whose price the content member tries, and fails, to change. */
const PRICED = { "js-on": "p0065", "js-off": "p0066" };

async function ownerPage(page: Page, testInfo: TestInfo) {
  await registerOrSignIn(page, `staff-owner-${testInfo.project.name}@hemline.test`);
  await page.goto("/admin/staff");
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
}

/** The owner invites `email` with `role`; returns the link shown once on the page. */
async function invite(owner: Page, email: string, role: string, refundLimit = ""): Promise<string> {
  await owner.goto("/admin/staff");
  const form = owner.getByRole("region", { name: "Invite someone" });
  await form.getByLabel("E-mail", { exact: true }).fill(email);
  await form.getByLabel("Role").selectOption({ label: role });
  if (refundLimit) await form.getByLabel("Refund limit (€, support only)").fill(refundLimit);
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByRole("status").filter({ hasText: `Invited ${email} as ${role}.` })).toBeVisible();
  return owner.getByLabel("Invitation link").inputValue();
}

/** A new member of staff: invited, then an existing account accepts signed in (or a new visitor registers through the link). */
async function hire(
  owner: Page,
  browser: Browser,
  js: boolean,
  testInfo: TestInfo,
  role: string,
  options: { refundLimit?: string; newVisitor?: boolean } = {},
) {
  const email = uniqueEmail(testInfo, role.toLowerCase());
  const context = await browser.newContext({ javaScriptEnabled: js });
  const member = await context.newPage();
  if (!options.newVisitor) await register(member, email);
  const link = await invite(owner, email, role, options.refundLimit);
  await member.goto(link);
  await expect(member.getByText(`to the back office as ${role}.`)).toBeVisible();
  if (options.newVisitor) {
    await member.getByRole("link", { name: "create an account" }).click();
    await member.getByLabel("E-mail", { exact: true }).fill(email);
    await member.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await member.getByLabel("Repeat password").fill(PASSWORD);
    await member.getByRole("button", { name: "Create account" }).click();
    // Back on the invitation, signed in as the invited address.
    await expect(member).toHaveURL(new URL(link).pathname);
  }
  await member.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(
    member.getByRole("status").filter({ hasText: `Welcome to the staff: your role is ${role}.` }),
  ).toBeVisible();
  return { member, email, link, close: () => context.close() };
}

async function paidOrder(
  browser: Browser,
  js: boolean,
  item: { productId: string; colour: string; size: string },
  testInfo: TestInfo,
) {
  const shopper = await browser.newContext({ javaScriptEnabled: js });
  const shop = await shopper.newPage();
  await addToCart(shop, { ...item, quantity: 1 });
  const order = await placeOrder(shop, { email: uniqueEmail(testInfo, "staff-shopper") });
  await shopper.close();
  return order;
}

const navLinks = (page: Page) =>
  page.getByRole("navigation", { name: "Back office" }).getByRole("link").allInnerTexts();

test("a new visitor registers through an invitation, which then works no more; the navigation shows their sections", async ({
  page,
  js,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await ownerPage(page, testInfo);
  const { member, link, close } = await hire(page, browser, js, testInfo, "Fulfilment", { newVisitor: true });
  expect(await navLinks(member)).toEqual(["Dashboard", "Orders", "Returns"]);
  // Single use: the link is spent.
  const again = await member.goto(link);
  expect(again?.status()).toBe(410);
  await expect(member.getByText("This invitation has already been used.")).toBeVisible();
  // The staff page is the owner's: refused by the server.
  const staffPage = await member.goto("/admin/staff");
  expect(staffPage?.status()).toBe(403);
  await expect(member.getByRole("heading", { name: "Access Forbidden" })).toBeVisible();
  await close();
});

test("a fulfilment member ships with tracking but may not refund; revoked, they are out at the next request", async ({
  page,
  js,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const order = await paidOrder(browser, js, ITEMS[js ? "js-on" : "js-off"].fulfilment, testInfo);
  await ownerPage(page, testInfo);
  const { member, email, close } = await hire(page, browser, js, testInfo, "Fulfilment");

  await member.goto(`/admin/orders/${order.id}`);
  await expect(member.getByRole("region", { name: "Refunds" }).getByRole("button", { name: "Refund" })).toHaveCount(0);
  // A refund posted anyway (the page offers no form) is refused by the server.
  const fields = await formFields(member, "#order-status");
  const refused = await member.request.post(`/admin/orders/${order.id}`, {
    form: { ...fields, intent: "refund", amount: "1.00", reason: "Not mine to give" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  await shipOrder(member, order.id);
  await expect(member.getByRole("region", { name: "Refunds" })).toContainText("Nothing has been refunded.");

  // On Firebase a second shop process (B) serves the same Firestore: the member is let in there too.
  const onB = testInfo.project.name.startsWith("firebase") ? `${process.env.E2E_FIREBASE_B_URL}/admin/orders` : null;
  if (onB) {
    await expect(async () =>
      expect((await member.request.get(`${process.env.E2E_FIREBASE_B_URL}/healthz`)).status()).toBe(200),
    ).toPass({ timeout: 120_000 });
    expect((await member.request.get(onB, { maxRedirects: 0 })).status()).toBe(200);
  }

  // The owner revokes; the member's next request is refused (on every instance).
  await page.goto("/admin/staff");
  await page.getByRole("listitem", { name: email }).getByRole("button", { name: "Revoke access" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${email} no longer has access` })).toBeVisible();
  const after = await member.goto(`/admin/orders/${order.id}`);
  expect(after?.status()).toBe(403);
  if (onB) expect((await member.request.get(onB, { maxRedirects: 0 })).status()).toBe(403);
  await expect(member.getByRole("heading", { name: "Access Forbidden" })).toBeVisible();
  await close();
});

test("a support member refunds within their limit and is refused over it", async ({ page, js, browser }, testInfo) => {
  test.setTimeout(150_000);
  const order = await paidOrder(browser, js, ITEMS[js ? "js-on" : "js-off"].support, testInfo);
  await ownerPage(page, testInfo);
  const { member, close } = await hire(page, browser, js, testInfo, "Support", { refundLimit: "10" });
  expect(await navLinks(member)).toEqual(["Dashboard", "Orders", "Returns", "Users"]);

  await member.goto(`/admin/orders/${order.id}`);
  const refunds = member.getByRole("region", { name: "Refunds" });
  await refunds.getByLabel("Amount to refund (€)").fill("10.00");
  await refunds.getByLabel("Reason").fill("Goodwill");
  await refunds.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(member.getByRole("status").filter({ hasText: "Refunded €10." })).toBeVisible();

  await refunds.getByLabel("Amount to refund (€)").fill("10.01");
  await refunds.getByLabel("Reason").fill("Too generous");
  const posted = member.waitForResponse((r) => r.request().method() === "POST");
  await refunds.getByRole("button", { name: "Refund", exact: true }).click();
  expect((await posted).status()).toBe(403);
  await expect(refunds.getByRole("alert")).toHaveText(
    "Refunds over €10 are above your limit: ask the owner or a manager to make this one.",
  );
  await member.goto(`/admin/orders/${order.id}`);
  await expect(refunds.getByRole("listitem")).toHaveCount(1);
  // No status form: shipping is fulfilment's.
  await expect(member.getByRole("region", { name: "Change status" })).toHaveCount(0);
  await close();
});

test("a content member writes a blog post and a product's texts, but sees its price, stock and status read-only", async ({
  page,
  js,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await ownerPage(page, testInfo);
  const { member, close } = await hire(page, browser, js, testInfo, "Content");
  expect(await navLinks(member)).toEqual(["Dashboard", "Products", "Categories", "Blog"]);

  await member.goto("/admin/blog/new");
  const title = `Staff notes ${testInfo.project.name} ${Date.now()}`;
  await member.getByLabel("Title").fill(title);
  await member.getByLabel("Text (Markdown)").fill("Written by the content team.");
  await member.getByRole("button", { name: "Save post" }).click();
  await expect(member.getByRole("status")).toHaveText("The post has been saved.");

  const productId = PRICED[js ? "js-on" : "js-off"];
  await member.goto(`/admin/products/${productId}/edit`);
  // Price, stock and status are shown read-only, and deleting is not offered; the server's refusal
  // of a changed price is proven in tests/integration/staff-service.test.ts.
  const price = member.getByLabel("Price (€)", { exact: true });
  const before = await price.inputValue();
  await expect(price).not.toBeEditable();
  await expect(member.getByLabel("Compare-at price (€)")).not.toBeEditable();
  const status = member.getByLabel("Status");
  const statusBefore = await status.inputValue();
  await expect(status).toBeDisabled();
  // Every stock cell is shown with its count, none editable.
  const stock = member.getByLabel(/^Stock: /);
  const stockBefore = await stock.evaluateAll((cells) => cells.map((c) => (c as HTMLInputElement).value));
  expect(stockBefore.length).toBeGreaterThan(0);
  for (const cell of await stock.all()) await expect(cell).not.toBeEditable();
  await expect(
    member.getByText(
      /Its price, stock, options, status and category are shown for reference: only an owner or a manager can change them\./,
    ),
  ).toBeVisible();
  await expect(member.getByRole("button", { name: "Delete product" })).toHaveCount(0);
  // The read-only fields go back as they were, so a change of texts saves.
  const description = member.getByLabel("Description");
  await description.fill(`${await description.inputValue()} Written by content.`);
  await member.getByRole("button", { name: "Save product", exact: true }).click();
  await expect(member.getByRole("status")).toHaveText("The product has been saved.");
  await expect(description).toHaveValue(/Written by content\.$/);
  await expect(price).toHaveValue(before);
  await expect(status).toHaveValue(statusBefore);
  expect(await stock.evaluateAll((cells) => cells.map((c) => (c as HTMLInputElement).value))).toEqual(stockBefore);
  // Promotions are not content's: refused by the server.
  expect((await member.goto("/admin/promotions"))?.status()).toBe(403);
  await close();
});
