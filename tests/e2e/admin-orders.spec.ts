import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { registerOrSignIn, signOut, uniqueEmail } from "./support/accounts";

// The back office's orders, users and reports on the seeded order history, with and without
// JavaScript. orders-admin-js-on / -js-off@hemline.test are in the test server's ADMIN_EMAILS.

const adminOf = (testInfo: TestInfo) => `orders-admin-${testInfo.project.name}@hemline.test`;

async function asAdmin(page: Page, testInfo: TestInfo) {
  await registerOrSignIn(page, adminOf(testInfo));
}

test("the dashboard shows the seeded sales, work waiting, recent orders and every section", async ({
  page,
}, testInfo) => {
  await asAdmin(page, testInfo);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Back office" })).toBeVisible();

  const month = page.getByRole("region", { name: "Last 30 days" });
  const revenue = month.getByRole("definition").first();
  await expect(month.getByRole("term").first()).toHaveText("Revenue");
  await expect(revenue).toHaveText(/^€[\d,]+\.\d\d$/);
  expect(await revenue.textContent()).not.toBe("€0.00");
  await expect(page.getByRole("region", { name: "Today" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Last 7 days" })).toBeVisible();

  const waiting = page.getByRole("region", { name: "Needs action" });
  await expect(waiting.getByRole("link", { name: /^Paid, not shipped \(\d+\)$/ })).toBeVisible();
  await expect(waiting.getByRole("link", { name: /^Awaiting payment \([1-9]\d*\)$/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Low stock" }).getByText(/are sold out/)).toBeVisible();

  const recent = page.getByRole("table", { name: "The latest orders" });
  await expect(recent.getByRole("row")).toHaveCount(9); // heading row + 8 orders
  await expect(recent.getByRole("link", { name: /^HM-[0-9A-Z]{8}$/ }).first()).toBeVisible();

  const sections = page.getByRole("region", { name: "Sections" });
  for (const name of [
    "Orders",
    "Order analytics",
    "Products",
    "Categories",
    "Users",
    "User analytics",
    "Analytics",
    "Sales",
    "Blog",
    "Audit log",
  ]) {
    await expect(sections.getByRole("link", { name, exact: true })).toBeVisible();
  }
});

test("a seeded order is found by status, opened, shipped with a tracking number, and its timeline shows it", async ({
  page,
}, testInfo) => {
  const admin = adminOf(testInfo);
  await asAdmin(page, testInfo);
  await page.goto("/admin/orders");
  await page.getByLabel("Status").selectOption("paid");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?.*status=paid/);
  // The filtered page streams in: read its rows once it has loaded, not while they arrive.
  await page.waitForLoadState("load");

  const table = page.getByRole("table", { name: "Orders, newest first" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  const statuses = await table.getByRole("row").locator("td:nth-child(4)").allTextContents();
  expect(statuses.length).toBeGreaterThan(1);
  expect(new Set(statuses)).toEqual(new Set(["Paid"]));

  // A seeded order (its customer is @example.com; other suites' shoppers are @hemline.test and
  // their orders are theirs to check); each project takes a different one, so both can run at once.
  // Other suites' orders, newer, may fill the first pages (20 a page): go on to older ones until
  // this project's seeded order is listed.
  const nth = testInfo.project.name.endsWith("js-on") ? 0 : 1;
  const seeded = table.getByRole("row").filter({ hasText: "@example.com" });
  for (let older = 0; (await seeded.count()) <= nth && older < 30; older++) {
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await page.waitForLoadState("load");
    await expect(table.getByRole("row").nth(1)).toBeVisible();
  }
  const link = seeded.nth(nth).getByRole("link", { name: /^HM-/ });
  const number = (await link.textContent())!;
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Items" }).getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByRole("region", { name: "Delivery address" })).toContainText(/\d/);
  await expect(page.getByRole("region", { name: "Payment and delivery" })).toContainText("succeeded");

  // Shipping needs a tracking number: the page says so, and nothing changes.
  const change = page.getByRole("region", { name: "Change status" });
  await change.getByLabel("New status").selectOption("shipped");
  await change.getByRole("button", { name: "Change status" }).click();
  await expect(change.getByRole("alert")).toHaveText("Enter the tracking number of the parcel.");
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();

  // A tracking number with other characters is refused beside the field and in the summary.
  const badTracking = "A tracking number has letters, digits, spaces and hyphens only.";
  await change.getByLabel("Tracking number").fill("AB#12");
  await change.getByRole("button", { name: "Change status" }).click();
  await expect(change.getByRole("alert").getByRole("link", { name: `Tracking number: ${badTracking}` })).toBeVisible();
  await expect(change.getByLabel("Tracking number")).toHaveAttribute("aria-invalid", "true");

  const tracking = `JJD00E2E${testInfo.project.name.endsWith("js-on") ? "ON" : "OFF"}${Date.now().toString(36).toUpperCase()}`;
  await change.getByLabel("New status").selectOption("shipped");
  await change.getByLabel("Tracking number").fill(tracking);
  await change.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("status")).toHaveText("The order is now shipped.");
  await expect(page.getByRole("region", { name: "Payment and delivery" })).toContainText(tracking);

  const timeline = page.getByRole("region", { name: "Timeline" }).getByRole("listitem");
  const last = timeline.last();
  await expect(last).toContainText("Shipped");
  await expect(last).toContainText(`Tracking number ${tracking}`);
  await expect(last).toContainText(admin);
  await expect(timeline.first()).toContainText("Awaiting payment");

  // A note goes on the timeline without changing the status.
  await page
    .getByRole("region", { name: "Add a note" })
    .getByLabel("Note")
    .fill("Left with the neighbour at number 12.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status")).toHaveText("The note has been added to the timeline.");
  await expect(timeline.last()).toContainText("Left with the neighbour at number 12.");

  // Both changes are in the audit log, under this admin's name.
  const orderId = new URL(page.url()).pathname.split("/").pop()!;
  await page.goto(`/admin/audit?entityType=order&entityId=${orderId}`);
  const entries = page.getByRole("table", { name: "Audit log entries, newest first" }).getByRole("row");
  await expect(entries.filter({ hasText: `Order ${number}: paid → shipped (tracking ${tracking})` })).toHaveCount(1);
  await expect(entries.filter({ hasText: `Order ${number}: note added` })).toHaveCount(1);
  await expect(entries.filter({ hasText: admin }).first()).toBeVisible();

  // And the list finds it by number, now shipped.
  await page.goto(`/admin/orders?q=${number}`);
  const found = page.getByRole("table", { name: "Orders, newest first" }).getByRole("row");
  await expect(found).toHaveCount(2);
  await expect(found.nth(1)).toContainText("Shipped");
});

test("reports draw SVG charts with their figures in a table", async ({ page }, testInfo) => {
  await asAdmin(page, testInfo);
  await page.goto("/admin/analytics/sales");
  await expect(page.getByRole("heading", { level: 1, name: "Sales" })).toBeVisible();
  const weekly = page.getByRole("figure", { name: "Revenue by week" });
  await expect(weekly.getByRole("img", { name: "Revenue by week" })).toBeVisible();
  expect(await weekly.locator("svg rect.visx-bar").count()).toBeGreaterThan(10);
  await weekly.getByText("Data table: Revenue by week").click();
  const rows = weekly.getByRole("table", { name: "Revenue by week" }).getByRole("row");
  await expect(rows.nth(1)).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(10);
  await expect(rows.nth(1).getByRole("cell")).toHaveText(/^€[\d,]+\.\d\d$/);

  await page.getByRole("navigation", { name: "Group by" }).getByRole("link", { name: "By month" }).click();
  await expect(page).toHaveURL(/by=month/);
  await expect(
    page.getByRole("figure", { name: "Revenue by month" }).getByRole("img", { name: "Revenue by month" }),
  ).toBeVisible();
  await expect(
    page.getByRole("figure", { name: "Revenue by category (items, without delivery)" }).locator("svg rect"),
  ).toHaveCount(7);

  await page.goto("/admin/orders/analytics");
  const byStatus = page.getByRole("figure", { name: "Orders by status" });
  await expect(byStatus.getByRole("img", { name: "Orders by status" })).toBeVisible();
  await byStatus.getByText("Data table: Orders by status").click();
  const delivered = byStatus.getByRole("row", { name: /^Delivered/ });
  await expect(delivered.getByRole("cell")).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByRole("region", { name: "Time to ship" }).getByRole("definition").first()).toHaveText(
    /^[1-9]\d*$/,
  );

  await page.goto("/admin/users/analytics");
  await expect(
    page
      .getByRole("figure", { name: "Customer sign-ups by week" })
      .getByRole("img", { name: "Customer sign-ups by week" }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Returning customers" }).getByRole("definition").nth(2)).toHaveText(
    /^[1-9]\d*%$/,
  );
});

test("users: search by e-mail, a customer's page lists their orders", async ({ page }, testInfo) => {
  await asAdmin(page, testInfo);
  await page.goto("/admin/users");
  await page.getByLabel("E-mail starts with").fill("aoife.");
  await page.getByRole("search", { name: "Find users" }).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=aoife\./);
  const rows = page.getByRole("table", { name: "Users, newest sign-up first" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Aoife Byrne");
  await expect(rows.nth(1).getByRole("link", { name: "aoife.byrne@example.com" })).toBeVisible();

  // A customer who has ordered (found from a delivered order, whatever other tests registered):
  // the orders count on the list matches their page.
  await page.goto("/admin/orders?status=delivered");
  const delivered = page.getByRole("table", { name: "Orders, newest first" }).getByRole("row");
  await expect(delivered.nth(1)).toBeVisible();
  // A seeded customer's (other tests deliver orders of their own, and guests have no account).
  const email = (await delivered.locator("td:nth-child(3)").allTextContents()).find(
    (e) => e.endsWith("@example.com") && !e.includes(".guest@"),
  );
  expect(email, "a seeded customer's delivered order").toBeTruthy();
  if (!email) return;
  await page.goto("/admin/users");
  await page.getByLabel("E-mail starts with").fill(email);
  await page.getByRole("search", { name: "Find users" }).getByRole("button", { name: "Search" }).click();
  const found = page.getByRole("table", { name: "Users, newest sign-up first" }).getByRole("row");
  await expect(found).toHaveCount(2);
  const count = Number(await found.nth(1).locator("td:nth-child(5)").textContent());
  expect(count).toBeGreaterThan(0);
  await found.nth(1).getByRole("link", { name: email }).click();
  const orders = page
    .getByRole("table", { name: `Orders of ${email}, newest first` })
    .getByRole("link", { name: /^HM-/ });
  await expect(orders.first()).toBeVisible();
  expect(await orders.count()).toBe(Math.min(10, count));
});

test("bad filters and unknown orders give a message or a 404, never a 500", async ({ page }, testInfo) => {
  await asAdmin(page, testInfo);
  const bad = await page.goto("/admin/orders?status=lost&page=abc");
  expect(bad?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("“lost” is not an order status");
  await expect(page.getByRole("alert")).toContainText("“abc” is not a page number");
  await expect(page.getByRole("table", { name: "Orders, newest first" }).getByRole("row").nth(1)).toBeVisible();

  const beyond = await page.goto("/admin/orders?status=paid&page=500");
  expect(beyond?.status()).toBe(400);
  // Other tests place paid orders on the same shop, so the last page is read from the message, then checked.
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText(/^There is no page 500; showing page \d+\.$/);
  const last = Number((await alert.textContent())!.match(/showing page (\d+)/)![1]);
  if (last > 1) await expect(page.getByText(`, page ${last} of ${last}`)).toBeVisible();
  await expect(page.getByRole("table", { name: "Orders, newest first" }).getByRole("row").nth(1)).toBeVisible();

  const dates = await page.goto("/admin/analytics/sales?from=2026-02-30&by=year");
  expect(dates?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("The start date is not a date");
  await expect(page.getByRole("figure", { name: "Revenue by week" })).toBeVisible();

  // A status change without the form's CSRF token is refused and changes nothing.
  await page.goto("/admin/orders?status=paid");
  const link = page.getByRole("table", { name: "Orders, newest first" }).getByRole("link", { name: /^HM-/ }).last();
  const href = (await link.getAttribute("href"))!;
  const forged = await page.request.post(href, {
    form: { intent: "status", to: "cancelled", csrf: "" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain("This form has expired");
  await page.goto(href);
  await expect(page.getByRole("region", { name: "Timeline" }).getByRole("listitem").last()).not.toContainText(
    "Cancelled",
  );

  const missing = await page.goto("/admin/orders/no-such-order");
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("Page Not Found: /admin/orders/no-such-order")).toBeVisible();
  // The back office keeps its navigation around the error, and its title says what happened.
  await expect(page).toHaveTitle(/^Page Not Found \|/);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("table", { name: "Orders, newest first" })).toBeVisible();
});

test("shoppers get 403 and signed-out visitors go to sign-in", async ({ page }, testInfo) => {
  await registerOrSignIn(page, uniqueEmail(testInfo, "not-admin"));
  for (const path of ["/admin/orders", "/admin/users", "/admin/analytics/sales"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Forbidden" })).toBeVisible();
  }
  await signOut(page);
  await page.goto("/admin/orders/analytics");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fadmin%2Forders%2Fanalytics$/);
});
