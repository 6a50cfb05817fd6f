import { expect, test } from "./fixtures";
import { registerOrSignIn } from "./support/accounts";

// The back office's markets, with JavaScript on and off: an owner adds a market for a country in
// no market (its example price converted at the rate and rounded as chosen), is refused a second
// market for the same country (nothing written), edits the rate, and deletes the market; the
// default market offers no delete. markets-admin-js-on / -js-off@hemline.test are in the test
// server's ADMIN_EMAILS. Each project uses a country of its own outside the seeded Europe.

const word = () => Math.random().toString(36).slice(2, 7).toUpperCase();

test("admin adds, edits and deletes a market; a country in two markets and deleting the default are refused", async ({
  page,
  js,
}, testInfo) => {
  test.setTimeout(120_000);
  // €49.95 at 1.08 is $53.946: .99 makes $53.99. At 160.5 it is ¥8016.975: whole makes ¥8,017.
  const setup = js
    ? { country: "United States", currency: "USD", rate: "1.08", rounding: "Ending in .99", example: "$53.99" }
    : { country: "Japan", currency: "JPY", rate: "160.5", rounding: "Whole amounts (.00)", example: "￥8,017" };
  const name = `Market ${word()}`;

  await registerOrSignIn(page, `markets-admin-${testInfo.project.name}@hemline.test`);
  await page.goto("/admin/markets");
  const europe = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Europe", exact: true }) });
  await expect(europe).toContainText("Default market");
  await expect(europe).toContainText("1 EUR = 1 EUR");
  await expect(europe.getByRole("button", { name: /Delete/ })).toHaveCount(0);

  await page.getByRole("link", { name: "Add a market" }).click();
  await page.getByLabel("Market name").fill(name);
  await page.getByLabel("Currency", { exact: true }).selectOption(setup.currency);
  await page.getByLabel("Rate: one euro in the market's currency").fill(setup.rate);
  await page.getByRole("radio", { name: setup.rounding }).check();
  await page.getByRole("checkbox", { name: setup.country, exact: true }).check();
  await page.getByRole("button", { name: "Save market" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: `Saved the market ${name}: its shoppers see prices in ${setup.currency}` }),
  ).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
  await expect(row).toContainText(`1 EUR = ${setup.rate} ${setup.currency}`);
  await expect(row).toContainText(setup.example);

  // The same country in a second market is refused, with the market it is in; nothing is written.
  await page.getByRole("link", { name: "Add a market" }).click();
  const clash = `Clash ${word()}`;
  await page.getByLabel("Market name").fill(clash);
  await page.getByLabel("Rate: one euro in the market's currency").fill("1");
  await page.getByRole("checkbox", { name: `${setup.country} (in ${name})` }).check();
  await page.getByRole("button", { name: "Save market" }).click();
  await expect(page.getByRole("alert")).toContainText(
    `${setup.country} is already in the market ${name}: a country can be in one market only.`,
  );
  // A rate the browser's own check would stop, sent anyway: refused by the server, what was typed kept.
  if (js) {
    await page.getByRole("checkbox", { name: `${setup.country} (in ${name})` }).uncheck();
    const rate = page.getByLabel("Rate: one euro in the market's currency");
    await rate.fill("1,5");
    await rate.evaluate((el) => el.removeAttribute("pattern"));
    await page.getByRole("button", { name: "Save market" }).click();
    await expect(page.getByRole("alert")).toContainText("The rate must be a number above zero");
    await expect(page.getByLabel("Market name")).toHaveValue(clash);
  }
  await page.goto("/admin/markets");
  await expect(page.getByRole("link", { name: clash })).toHaveCount(0);

  // Edit the rate: the list shows the new one.
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByLabel("Rate: one euro in the market's currency")).toHaveValue(setup.rate);
  await page.getByLabel("Rate: one euro in the market's currency").fill("2");
  await page.getByRole("button", { name: "Save market" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Saved the market ${name}` })).toBeVisible();
  await expect(row).toContainText(`1 EUR = 2 ${setup.currency}`);

  // Delete it: gone from the list.
  await row.getByRole("button", { name: `Delete the market ${name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deleted the market" })).toBeVisible();
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
});
