import crypto from "node:crypto";

// A guest reaches their order through a link signed with the shop's secret: the order id alone
// (random, 122 bits) is not enough, and a wrong or missing key looks exactly like no order.

export function orderAccessKey(secret: string, orderId: string): string {
  return crypto.createHmac("sha256", secret).update(`order-link:${orderId}`).digest("base64url").slice(0, 32);
}

export function verifyOrderAccessKey(secret: string, orderId: string, key: string | null): boolean {
  if (!key) return false;
  const expected = Buffer.from(orderAccessKey(secret, orderId));
  const given = Buffer.from(key);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export function orderPath(secret: string, orderId: string, withKey: boolean): string {
  return withKey ? `/orders/${orderId}?key=${orderAccessKey(secret, orderId)}` : `/orders/${orderId}`;
}

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford: no I, L, O, U to misread

/** "HM-" and 8 random characters: unguessable, short enough to read over the phone, no shared counter to contend on. */
export function newOrderNumber(): string {
  const bytes = crypto.randomBytes(8);
  return `HM-${[...bytes].map((b) => ALPHABET[b % 32]).join("")}`;
}
