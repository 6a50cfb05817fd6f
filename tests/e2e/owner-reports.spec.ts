import { expect, test } from "./fixtures";
import { registerOrSignIn } from "./support/accounts";

// The owner's reports on the seeded order history, with and without JavaScript: reached from the
// analytics page, each report says what it counts, and the reorder list downloads as CSV.
// orders-admin-js-on / -js-off@hemline.test are in the test server's ADMIN_EMAILS.

test("the reports page shows each report with what it counts, and the reorder list as CSV", async ({
  page,
  request,
}, testInfo) => {
  await registerOrSignIn(page, `orders-admin-${testInfo.project.name}@hemline.test`);
  await page.goto("/admin/analytics");
  await page.getByRole("link", { name: "Reports to act on" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();

  const stock = page.getByRole("region", { name: "Sell-through and days of stock left", exact: true });
  await expect(stock.getByText(/units sold in paid, shipped, delivered or partly refunded orders/)).toBeVisible();
  // The seeded history has sales in the last 30 days: rows of SKU, sold, stock, sell-through %, days.
  const stockTable = stock.getByRole("table", { name: "Sell-through and days of stock left" });
  await expect(stockTable.getByRole("row").nth(1)).toContainText(/\d+%/);

  for (const name of ["Low stock to reorder", "Returns by product", "Promotion performance", "Customer cohorts"])
    await expect(page.getByRole("region", { name, exact: true })).toBeVisible();
  const cohorts = page.getByRole("table", { name: "Customer cohorts" });
  await expect(cohorts.getByRole("row").nth(1).getByRole("cell").first()).toHaveText(/^\d{4}-\d{2}$/);

  // The download link answers the admin's session with the CSV's columns.
  const href = await page.getByRole("link", { name: "Download the reorder list (CSV)" }).getAttribute("href");
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect((await csv.text()).split("\n")[0]).toBe(
    "sku,product,size,colour,sold_last_30_days,in_stock,days_left,reorder_units",
  );
  // Without a session: no report.
  expect((await request.get("/admin/reports/reorder.csv", { maxRedirects: 0 })).status()).toBe(302);
});
