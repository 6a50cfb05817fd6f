import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/emulators/firestore";
import { expect, test } from "./fixtures";
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
  const port = await freePort();
  const base = `http://${lanAddress()}:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-e2e-plain-http-"));
  let output = "";
  let shop: ChildProcess | null = null;
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: "e2e-session-secret-that-is-long-enough-0123456789",
    };
    for (const name of ["PUBLIC_URL", "TRUST_PROXY", "HOST", "SHOP_BACKEND"]) delete env[name];
    shop = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
    shop.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    shop.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await expect(async () => {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    }).toPass({ timeout: 120_000 });
    expect(output).toContain("Cookies are not Secure (they work over plain HTTP): PUBLIC_URL is not set");

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
    if (shop && shop.exitCode === null) {
      const exited = new Promise((resolve) => shop!.once("exit", resolve));
      shop.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
