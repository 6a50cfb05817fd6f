import crypto from "node:crypto";
import { ApiProblem } from "./problem.server";

// Page cursors of the admin API: opaque to callers, signed so that a cursor the shop did not make
// is a 400 (never a store query with a value nobody checked), and bound to the list it came from.

function sign(secret: string, text: string) {
  return crypto.createHmac("sha256", secret).update(text).digest("base64url").slice(0, 22);
}

export function encodeCursor(secret: string, list: string, position: string): string {
  const text = Buffer.from(JSON.stringify([list, position]), "utf8").toString("base64url");
  return `${text}.${sign(secret, text)}`;
}

/** The position a cursor of `list` holds; null without one; a 400 problem for anything else. */
export function decodeCursor(secret: string, list: string, cursor: string | null): string | null {
  if (cursor === null || cursor === "") return null;
  const refuse = () =>
    new ApiProblem("invalid-request", 400, "The cursor is not one this list gave: start again without it.");
  const [text, signature, ...rest] = cursor.split(".");
  if (!text || !signature || rest.length || cursor.length > 1000) throw refuse();
  const expected = sign(secret, text);
  if (signature.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected)))
    throw refuse();
  const decoded: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  if (!Array.isArray(decoded) || decoded[0] !== list || typeof decoded[1] !== "string") throw refuse();
  return decoded[1];
}

/** ?limit=: 1 to 100, default 50; anything else is a 400. */
export function parseLimit(raw: string | null): number {
  if (raw === null || raw === "") return 50;
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > 100)
    throw new ApiProblem("invalid-request", 400, "limit must be a whole number from 1 to 100.", {
      errors: [{ field: "limit", message: "must be a whole number from 1 to 100" }],
    });
  return Number(raw);
}

/**
 * One page of a cursor-paged list, read at the request's ?cursor= and ?limit=, with the cursor
 * for the next page signed for the same list (null on the last page).
 */
export async function readPage<Page extends { next: string | null }>(
  secret: string,
  url: URL,
  list: string,
  read: (position: string | null, limit: number) => Promise<Page>,
): Promise<Page & { nextCursor: string | null }> {
  const limit = parseLimit(url.searchParams.get("limit"));
  const page = await read(decodeCursor(secret, list, url.searchParams.get("cursor")), limit);
  return { ...page, nextCursor: page.next === null ? null : encodeCursor(secret, list, page.next) };
}
