import crypto from "node:crypto";

// Webhook signatures, as Stripe's: `Hemline-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`
// with the endpoint's secret. A receiver recomputes it, compares in constant time and refuses a
// timestamp older than a few minutes (replays).

export const SIGNATURE_HEADER = "Hemline-Signature";

export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = crypto.createHmac("sha256", secret).update(`${unixSeconds}.${body}`, "utf8").digest("hex");
  return `t=${unixSeconds},v1=${mac}`;
}

/** What a receiver does (and the tests' receiver): true when the header signs `body` within `toleranceSeconds` of `now`. */
export function verifySignature(
  secret: string,
  body: string,
  header: string | null,
  options: { nowSeconds: number; toleranceSeconds?: number },
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(options.nowSeconds - t) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signatureHeader(secret, body, t).split("v1=")[1]!, "hex");
  const given = Buffer.from(String(parts.v1 ?? ""), "hex");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
