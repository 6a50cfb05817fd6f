import fs from "node:fs";
import path from "node:path";
import { expect, test, type TestInfo } from "@playwright/test";
import { newestMail } from "./firestore-mail";

/** Undo quoted-printable soft line breaks and escapes, as a mail client would. */
function decodeQuotedPrintable(text: string): string {
  // Escapes are UTF-8 bytes: gather them as bytes, then read the whole as UTF-8.
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The newest e-mail sent to `to`, waiting for it briefly, as its raw RFC 5322 text. The embedded
 * shop writes .eml files to DATA_DIR/outbox; the Firebase shop writes to the Firestore collection
 * `mail` (any of its instances), read here from the emulator.
 */
export async function latestMailTo(to: string, testInfo?: TestInfo, timeoutMs = 10_000): Promise<string> {
  const firebase = testInfo?.project.name.startsWith("firebase") ?? false;
  // A project against another embedded shop (PAGE_CACHE=off) names that shop's data directory.
  const metadata = (testInfo ?? test.info()).project.metadata as { dataDir?: string } | undefined;
  const dataDir = metadata?.dataDir ?? process.env.E2E_DATA_DIR!;
  const dir = path.join(dataDir, "outbox");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (firebase) {
      const [mail] = await newestMail({
        host: process.env.E2E_FIRESTORE_EMULATOR_HOST!,
        projectId: "demo-hemline",
        to,
      });
      if (mail) return decodeQuotedPrintable(mail.rfc822);
    } else {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
      for (const file of files) {
        const mail = decodeQuotedPrintable(fs.readFileSync(path.join(dir, file), "utf8"));
        if (new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}$`, "mi").test(mail)) return mail;
      }
    }
    if (Date.now() > deadline)
      throw new Error(`No e-mail to ${to} in ${firebase ? "the Firestore mail collection" : dir}`);
    await sleep(200);
  }
}

/** Firebase sends its own e-mail: read the code from the Auth emulator and use the shop's action handler. */
async function firebaseResetLink(to: string, baseURL: string): Promise<string> {
  const host = process.env.E2E_AUTH_EMULATOR_HOST!;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`http://${host}/emulator/v1/projects/demo-hemline/oobCodes`);
    const { oobCodes = [] } = (await res.json()) as {
      oobCodes?: Array<{ email: string; oobCode: string; requestType: string }>;
    };
    const code = oobCodes.filter((c) => c.email === to && c.requestType === "PASSWORD_RESET").at(-1)?.oobCode;
    if (code) return `${baseURL}/auth/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(code)}`;
    if (Date.now() > deadline) throw new Error(`No reset code for ${to} in the Auth emulator`);
    await sleep(200);
  }
}

/** The password-reset link a shopper would find in their mailbox. */
export async function resetLinkFor(to: string, testInfo: TestInfo): Promise<string> {
  const baseURL = String(testInfo.project.use.baseURL);
  if (testInfo.project.name.startsWith("firebase")) return firebaseResetLink(to, baseURL);
  const link = /https?:\/\/\S+/.exec(await latestMailTo(to))?.[0];
  if (!link) throw new Error("The e-mail has no link");
  expect(link).toContain("/auth/reset-password?token=");
  return link;
}
