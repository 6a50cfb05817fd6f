import { expect, test } from "./fixtures";

// The info pages promise only what the shop does. They name no discount codes (the returns page
// used to promise refunds of them), gift cards, newsletter, dispatch e-mails or personalised
// items; sale prices and one tracking number per order (on the order page) the shop does have.
const INFO_PAGES = ["/about", "/terms", "/privacy", "/returns", "/shipping", "/care-guide", "/size-guide"];
const NOT_OFFERED = [
  /discount code/i,
  /promo(tion)? code/i,
  /coupon/i,
  /voucher/i,
  /gift card/i,
  /newsletter/i,
  /dispatch (confirmation|e-mail)/i,
  /tracking link/i,
  /personalised|engraved|monogram/i,
  /saved addresses|billing address/i,
];

test("the returns page no longer mentions discount codes", async ({ page }) => {
  await page.goto("/returns");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2, name: "Refunds" })).toBeVisible();
  await expect(main).not.toContainText(/discount/i);
});

test("no info page promises a feature the shop does not have", async ({ page }) => {
  for (const path of INFO_PAGES) {
    await page.goto(path);
    const text = await page.getByRole("main").innerText();
    for (const feature of NOT_OFFERED) expect(text, `${path}: ${feature}`).not.toMatch(feature);
  }
});

test("the privacy policy lists the cookies the shop sets and says analytics is off when it is", async ({ page }) => {
  await page.goto("/privacy");
  const cookies = page.getByRole("table", { name: "Cookies set by Hemline" });
  for (const name of ["Session cookie", "Form protection cookie", "Message cookie", "Cart cookie"]) {
    await expect(cookies.getByRole("rowheader", { name })).toBeVisible();
  }
  await expect(cookies).toContainText("after 14 days");
  // The test shops do not configure FIREBASE_MEASUREMENT_ID.
  await expect(page.getByText("This shop does not run analytics")).toBeVisible();
});
