import { expect, test } from "./fixtures";
import { registerOrSignIn, uniqueEmail } from "./support/accounts";
import { createProduct, uniqueWord } from "./support/admin-catalogue";
import { latestMailTo } from "./support/outbox";

// "E-mail me when it is back" on a sold-out size × colour, with JavaScript on and off.

test("shoppers sign up for a sold-out size, one unsubscribes, and a restock e-mails the other once", async ({
  page,
  js,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await registerOrSignIn(page, `catalogue-admin-${testInfo.project.name}@hemline.test`);
  const name = `Alert Jeans ${uniqueWord()}`;
  const id = await createProduct(page, name, { stock: { "30": 0, "32": 2 } });

  const shopper = await browser.newContext({ javaScriptEnabled: js });
  const shop = await shopper.newPage();
  const stays = uniqueEmail(testInfo, "alert-stays");
  const leaves = uniqueEmail(testInfo, "alert-leaves");
  await shop.goto(`/products/${id}`);
  const form = shop.getByRole("region", { name: "Sold out in your size?" });
  await expect(form.getByLabel("Colour and size").locator("option")).toHaveText(["Indigo, 30"]);

  // A bad address is explained on the product page.
  await form.getByLabel("Your e-mail").fill("not-an-address");
  // Past the browser's own check, as an old browser or a script would send it.
  await form.getByLabel("Your e-mail").evaluate((input: HTMLInputElement) => (input.type = "text"));
  await form.getByRole("button", { name: "E-mail me when it is back" }).click();
  await expect(shop.getByRole("alert")).toHaveText("Enter a valid e-mail address, like name@example.com.");

  for (const email of [stays, leaves]) {
    await shop.goto(`/products/${id}`);
    await form.getByLabel("Your e-mail").fill(email);
    await form.getByRole("button", { name: "E-mail me when it is back" }).click();
    await expect(
      shop.getByRole("status").filter({ hasText: `We will e-mail ${email} when ${name} in Indigo, size 30 is back.` }),
    ).toBeVisible();
    const confirmation = await latestMailTo(email, testInfo);
    expect(confirmation).toContain(`We will e-mail you once, as soon as ${name} in Indigo, size 30 is back in stock.`);
    expect(confirmation).toContain("/stock-alerts/unsubscribe?token=");
  }

  const unsubscribe = /https?:\/\/\S+\/stock-alerts\/unsubscribe\?token=[\w.-]+/.exec(
    await latestMailTo(leaves, testInfo),
  )![0];
  await shop.goto(unsubscribe);
  await expect(
    shop.getByText(`We will e-mail ${leaves} once when ${name} in Indigo, size 30 is back in stock.`),
  ).toBeVisible();
  await shop.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(
    shop.getByRole("status").filter({ hasText: `Unsubscribed: we will not e-mail ${leaves}` }),
  ).toBeVisible();
  expect((await shop.goto(unsubscribe))?.status()).toBe(404);

  // The admin restocks size 30: the remaining subscriber hears once.
  await page.goto(`/admin/products/${id}/edit`);
  await page.getByLabel("Stock: 30, Indigo").fill("4");
  await page.getByRole("button", { name: "Save product", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "The product has been saved." })).toBeVisible();
  const back = await latestMailTo(stays, testInfo);
  expect(back).toContain(`Subject: Back in stock: ${name} in Indigo, size 30`);
  expect(back).toContain(`/products/${id}?colour=Indigo`);
  expect(await latestMailTo(leaves, testInfo)).not.toContain("Subject: Back in stock");

  // Now in stock: nothing left to sign up for.
  await shop.goto(`/products/${id}`);
  await expect(shop.getByRole("region", { name: "Sold out in your size?" })).toHaveCount(0);
  await shopper.close();
});
