import os from "node:os";
import { expect, test } from "./fixtures";
import { startShop } from "./support/extra-shop";
import { register, uniqueEmail } from "./support/accounts";

// `npm start` as the README says, with no PUBLIC_URL, opened from another machine over plain HTTP
// (a phone on the LAN, a text browser): cookies must not be Secure, or the browser drops the CSRF
// cookie and every form answers "This form has expired". The start-up log says what was decided.

test.describe.configure({ timeout: 180_000 });

/** This machine's address on its network: not loopback, so the browser treats it as any remote site. */
function lanAddress(): string {
  const address = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal)?.address;
  if (!address)
    throw new Error("This test needs a network interface other than loopback (os.networkInterfaces() has none).");
  return address;
}

test("over plain HTTP on a LAN address, without PUBLIC_URL, a shopper can register (cookies are not Secure)", async ({
  browser,
}, testInfo) => {
  const shop = await startShop(() => ({}), { unset: ["PUBLIC_URL", "TRUST_PROXY", "HOST", "SHOP_BACKEND"] });
  const base = `http://${lanAddress()}:${shop.port}`;
  try {
    await expect(async () => {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    }).toPass({ timeout: 120_000 });
    expect(shop.output()).toContain("Cookies are not Secure (they work over plain HTTP): PUBLIC_URL is not set");
    // Production without PUBLIC_URL starts (zero configuration), and says what links in e-mails fall back to.
    expect(shop.output()).toContain(
      `PUBLIC_URL is not set: links in e-mails, canonical URLs and the sitemap use http://localhost:${shop.port}`,
    );

    // A browser of this project (JavaScript on or off) that knows the shop only by that address.
    const { userAgent, viewport, javaScriptEnabled } = testInfo.project.use;
    const context = await browser.newContext({ baseURL: base, userAgent, viewport, javaScriptEnabled });
    const page = await context.newPage();
    const email = uniqueEmail(testInfo, "plain-http");
    await register(page, email).catch(async (error) => {
      throw new Error(
        `Registering over ${base} failed; the page says: ${(await page.locator("main").innerText()).slice(0, 300)}\n${error}`,
      );
    });
    await context.close();
  } finally {
    await shop.stop();
  }
});
