import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { registerOrSignIn, signOut, uniqueEmail } from "./support/accounts";
import { minorOf } from "./support/money";
import { latestMailTo } from "./support/outbox";
import { addToCart, fillCheckout } from "./support/shop";

// Discount codes end to end, with JavaScript on and off: an admin creates a code, a guest applies
// it on the cart (unknown and expired codes say why not), checks out with the test card and sees
// the discount and the VAT breakdown on the confirmation, the order page and the e-mail; the admin
// sees the same figures (discount per line and in the totals, VAT) on the back office's order page.
// promotions-admin-js-on / -js-off@hemline.test are in the test server's ADMIN_EMAILS.

const word = () => Math.random().toString(36).slice(2, 8).toUpperCase();

async function createCode(page: Page, name: string, code: string, extra: { endsAt?: string } = {}) {
  await page.goto("/admin/promotions/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByLabel("Kind").selectOption("percentage");
  await page.getByLabel("Percentage off").fill("10");
  if (extra.endsAt) await page.getByLabel("Ends at (UTC)").fill(extra.endsAt);
  await page.getByRole("button", { name: "Create promotion" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Promotion ${name} saved.` })).toBeVisible();
  await expect(page.getByRole("link", { name })).toBeVisible();
}

async function applyCode(page: Page, code: string) {
  await page.getByLabel("Discount code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
}

test("admin creates a code; a guest applies it, checks out and sees the discount and VAT", async ({
  page,
  js,
}, testInfo) => {
  test.setTimeout(90_000);
  const suffix = word();
  const code = `TEN${suffix}`;
  const expired = `OLD${suffix}`;
  await registerOrSignIn(page, `promotions-admin-${testInfo.project.name}@hemline.test`);
  await page.goto("/admin/promotions");
  await expect(page.getByRole("heading", { level: 1, name: "Promotions" })).toBeVisible();
  await createCode(page, `Ten off ${suffix}`, code);
  await createCode(page, `Gone ${suffix}`, expired, { endsAt: "2020-01-01T00:00" });
  await signOut(page);

  // Jeans at €73.90: 10% is €7.39 off.
  await addToCart(page, { productId: "p0021", colour: "Indigo Wash", size: js ? "27" : "26" });
  await page.goto("/cart");
  await applyCode(page, `nope${suffix}`);
  await expect(page.getByRole("alert").filter({ hasText: `We don't recognise the code NOPE${suffix}.` })).toBeVisible();
  await applyCode(page, expired.toLowerCase());
  await expect(
    page.getByRole("alert").filter({ hasText: `The code ${expired} expired on 1 January 2020` }),
  ).toBeVisible();
  await applyCode(page, code.toLowerCase());
  await expect(page.getByRole("status").filter({ hasText: `Discount code ${code} applied.` })).toBeVisible();
  await expect(page.getByTestId("discount")).toHaveText("−€7.39");
  await expect(page.getByTestId("line-discount")).toHaveText("Discount −€7.39");

  // The code follows the shopper to checkout.
  await page.getByRole("link", { name: "Check out" }).click();
  await expect(page.getByTestId("applied-code")).toHaveText(code);
  await expect(page.getByTestId("discount")).toHaveText("−€7.39");
  const email = uniqueEmail(testInfo, "promo");
  await fillCheckout(page, { email, card: "4242 4242 4242 4242" });
  await page.getByRole("button", { name: "Place order and pay" }).click();

  await expect(page.getByText("Thank you! Your order is confirmed.")).toBeVisible();
  // €73.90 − €7.39 + €4.95 delivery; VAT at Ireland's 23% on €66.51 is €12.44, on €4.95 €0.93.
  await expect(page.getByTestId("discount")).toHaveText("−€7.39");
  await expect(page.getByTestId("total")).toHaveText("€71.46");
  const vat = page.getByTestId("vat-breakdown");
  await expect(vat).toContainText("VAT included at 23%");
  await expect(vat).toContainText("€12.44");
  await expect(vat).toContainText("€0.93");
  await expect(page.getByTestId("vat-total")).toHaveText("€13.37");

  // The order page (its link, without the confirmation) shows the same.
  const url = new URL(page.url());
  url.searchParams.delete("placed");
  await page.goto(url.toString());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Order HM-/);
  await expect(page.getByText(`Discount: Ten off ${suffix} (${code})`)).toBeVisible();
  await expect(page.getByTestId("vat-total")).toHaveText("€13.37");

  // Its invoice: numbered at payment, every line with its discount and VAT, the same totals.
  const invoiceLink = page.getByRole("link", { name: /^Invoice INV-\d{4}-\d{6}$/ });
  const invoiceNumber = (await invoiceLink.innerText()).replace("Invoice ", "");
  await invoiceLink.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Invoice ${invoiceNumber}`);
  await expect(page).toHaveTitle(new RegExp(`^Invoice ${invoiceNumber} \\|`));
  const lines = page.getByRole("table", { name: "Invoice lines, prices including VAT" });
  // A heading row, the jeans with their discount and VAT, and delivery with its VAT.
  await expect(lines.getByRole("row")).toHaveCount(3);
  const jeans = lines.getByRole("row").nth(1);
  for (const figure of ["€73.90", "−€7.39", "€12.44", "€66.51"]) await expect(jeans).toContainText(figure);
  await expect(lines.getByRole("row", { name: /^Delivery: Standard/ })).toContainText("€0.93");
  await expect(page.getByTestId("invoice-total")).toHaveText("€71.46");
  await expect(page.getByTestId("invoice-vat")).toHaveText("€13.37");
  await expect(page.getByTestId("invoice-net")).toHaveText("€58.09");
  await expect(page.getByRole("region", { name: "Seller" })).toContainText("Hemline");
  // Printing needs the browser's dialog: a button with JavaScript, a hint without.
  if (js) await expect(page.getByRole("button", { name: "Print invoice" })).toBeVisible();
  else await expect(page.getByText("Use your browser's Print command to print it.")).toBeVisible();
  // Printed, the page is the invoice alone: no site header, footer or back link.
  const chrome = [
    page.getByRole("banner"),
    page.getByRole("contentinfo"),
    page.getByRole("link", { name: /^Back to/ }),
  ];
  for (const part of chrome) await expect(part).toBeVisible();
  await page.emulateMedia({ media: "print" });
  for (const part of chrome) await expect(part).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  const mail = await latestMailTo(email, testInfo);
  expect(mail).toContain(`Discount   −€7.39 — Ten off ${suffix} (${code})`);
  expect(mail).toContain("VAT included at 23%");
  expect(mail).toContain("total VAT    €13.37");

  // The code went with the order: the next cart starts without it.
  await addToCart(page, { productId: "p0021", colour: "Indigo Wash", size: js ? "27" : "26" });
  await page.goto("/cart");
  await expect(page.getByLabel("Discount code")).toBeVisible();
  await expect(page.getByTestId("applied-code")).toHaveCount(0);

  // The back office shows the same money: the discount on the line and in the totals, so
  // subtotal − discount + delivery is the total, the VAT breakdown, and the invoice number (as
  // text: the invoice page opens for the order's owner or its link, not for an admin).
  await registerOrSignIn(page, `promotions-admin-${testInfo.project.name}@hemline.test`);
  await page.goto(`/admin/orders${url.pathname.replace(/^\/orders/, "")}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Order HM-/);
  const items = page.getByRole("region", { name: "Items" });
  const jeansRow = items.getByRole("row").nth(1);
  await expect(jeansRow.getByTestId("line-discount")).toHaveText("−€7.39");
  for (const figure of ["€73.90", "€66.51", "€12.44"]) await expect(jeansRow).toContainText(figure);
  await expect(items.getByText(`Discount: Ten off ${suffix} (${code})`)).toBeVisible();
  const figure = async (id: string) => minorOf(await items.getByTestId(id).innerText());
  expect([await figure("subtotal"), await figure("discount"), await figure("shipping")]).toEqual([7390, 739, 495]);
  expect((await figure("subtotal")) - (await figure("discount")) + (await figure("shipping"))).toBe(
    await figure("total"),
  );
  await expect(items.getByTestId("total")).toHaveText("€71.46");
  await expect(page.getByText("Total €71.46", { exact: true })).toBeVisible();
  await expect(items.getByTestId("vat-total")).toHaveText("€13.37");
  const payment = page.getByRole("region", { name: "Payment and delivery" });
  await expect(payment.getByTestId("invoice-number")).toHaveText(invoiceNumber);
  await expect(page.getByRole("link", { name: new RegExp(invoiceNumber) })).toHaveCount(0);
});
