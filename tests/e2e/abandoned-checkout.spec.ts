import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { PASSWORD, uniqueEmail } from "./support/accounts";
import { startShop, type ExtraShop } from "./support/extra-shop";

// Abandoned-checkout reminders end to end, on a shop of its own whose reminders are due within
// seconds (the test hook abandoned-after-hours=0.0005) and swept every half second: a signed-in shopper who
// reaches checkout and leaves gets the e-mail (with List-Unsubscribe headers); its link, opened in
// another browser, puts the cart back; its unsubscribe link stops reminders without signing in.
// JavaScript on and off.

test.describe.configure({ timeout: 180_000 });

async function pageOn(browser: Browser, base: string, javaScriptEnabled: boolean): Promise<Page> {
  return (await browser.newContext({ baseURL: base, javaScriptEnabled })).newPage();
}

/** Undo quoted-printable soft line breaks and escapes, as a mail client would. */
const decode = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

async function mailTo(dataDir: string, to: string): Promise<string> {
  const dir = path.join(dataDir, "outbox");
  let found = "";
  await expect(async () => {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    const mails = files.map((f) => decode(fs.readFileSync(path.join(dir, f), "utf8")));
    found = mails.find((m) => m.includes(`To: ${to}`) && m.includes("Your cart is waiting")) ?? "";
    expect(found).not.toBe("");
  }).toPass({ timeout: 60_000 });
  return found;
}

test("a shopper who leaves checkout gets a reminder; its link restores the cart, its unsubscribe link works", async ({
  browser,
}, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  const email = uniqueEmail(testInfo, "reminder");
  let shop: ExtraShop | null = null;
  try {
    shop = await startShop((port) => ({ PUBLIC_URL: `http://127.0.0.1:${port}` }), {
      testHooks: ["abandoned-after-hours=0.0005", "reminder-sweep-seconds=0.5"],
    });
    const base = `http://127.0.0.1:${shop.port}`;
    await expect(async () => expect((await fetch(`${base}/healthz`)).status).toBe(200)).toPass({ timeout: 120_000 });

    const shopper = await pageOn(browser, base, js);
    await shopper.goto("/auth/register");
    await shopper.getByLabel("E-mail", { exact: true }).fill(email);
    await shopper.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await shopper.getByLabel("Repeat password").fill(PASSWORD);
    await shopper.getByRole("button", { name: "Create account" }).click();
    await expect(shopper.getByRole("button", { name: "Sign out" })).toBeVisible();

    await shopper.goto("/products");
    await shopper.locator('a[href^="/products/p0"]').first().click();
    await shopper.waitForURL(/\/products\/p0/);
    // The product page is shown (with JavaScript the address changes before it renders).
    await expect(shopper.getByRole("button", { name: "Add to cart" })).toBeVisible();
    const name = (await shopper.getByRole("heading", { level: 1 }).innerText()).trim();
    await shopper
      .getByRole("group", { name: /Size/ })
      .getByRole("radio", { disabled: false })
      .first()
      .check({ force: true });
    const added = shopper.waitForResponse((r) => r.request().method() === "POST");
    await shopper.getByRole("button", { name: "Add to cart" }).click();
    await added;
    await shopper.goto("/checkout");
    await expect(shopper.getByRole("complementary", { name: "Your order" }).getByText(name)).toBeVisible();
    // The shopper leaves here: no order.

    const mail = await mailTo(shop.dataDir, email);
    expect(mail).toContain(name);
    // The header block, long fields unfolded (RFC 5322 folds them over lines).
    const headers = mail.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
    expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/reminders\/unsubscribe\?token=[^>]+>$/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const restoreLink = /http:\/\/\S+\/reminders\/restore\?token=[A-Za-z0-9_.-]+/.exec(mail)![0];
    const unsubscribeLink = /http:\/\/\S+\/reminders\/unsubscribe\?token=[A-Za-z0-9_.-]+/.exec(mail)![0];

    // Another browser (a phone, say), signed out: the link puts the cart there.
    const elsewhere = await pageOn(browser, base, js);
    await elsewhere.goto(restoreLink);
    await elsewhere.getByRole("button", { name: "Restore my cart" }).click();
    await expect(elsewhere).toHaveURL(/\/cart$/);
    await expect(elsewhere.getByText("Your cart is back")).toBeVisible();
    await expect(elsewhere.getByRole("main").getByText(name).filter({ visible: true }).first()).toBeVisible();

    // The link works once.
    await elsewhere.goto(restoreLink);
    await elsewhere.getByRole("button", { name: "Restore my cart" }).click();
    await expect(elsewhere.getByText("This link was already used")).toBeVisible();

    await elsewhere.goto(unsubscribeLink);
    await expect(elsewhere.getByText(`We e-mail ${email}`)).toBeVisible();
    await elsewhere.getByRole("button", { name: "Stop reminders" }).click();
    await expect(elsewhere.getByText(`Unsubscribed: we will not send cart reminders to ${email}.`)).toBeVisible();
  } finally {
    await shop?.stop();
  }
});
