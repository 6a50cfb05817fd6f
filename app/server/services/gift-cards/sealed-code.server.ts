import crypto from "node:crypto";

// A scheduled gift card's code, kept until its send date without being stored in clear: AES-256-GCM
// under GIFT_CARD_CODE_KEY, the card's id bound in as associated data (a sealed code copied onto
// another card does not open). "v1.<iv>.<tag>.<ciphertext>", base64url.

export function sealCode(code: string, cardId: string, keyHex: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", Buffer.from(keyHex, "hex"), iv);
  cipher.setAAD(Buffer.from(cardId));
  const body = Buffer.concat([cipher.update(code, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The code, or null when it cannot be opened (another key, another card, altered). */
export function openCode(sealed: string, cardId: string, keyHex: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !body) return null;
  // A full 16-byte tag only: GCM would otherwise accept a truncated one, far easier to forge.
  if (Buffer.from(tag, "base64url").length !== 16) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", Buffer.from(keyHex, "hex"), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(cardId));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
