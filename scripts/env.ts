import fs from "node:fs";
import path from "node:path";

/** Load ./.env when present (Node's own parser); real environment variables win. */
export function loadDotEnv(file = ".env"): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

/**
 * The environment of the shop these operator scripts (backup, restore, migration) work on: ./.env,
 * and, when SESSION_SECRET is unset, the secret `npm start` keeps in DATA_DIR, so a script run
 * beside a zero-configuration shop (or inside its container) reads the configuration it serves with.
 */
export function loadShopEnv(): void {
  loadDotEnv();
  if (process.env.SESSION_SECRET) return;
  const stored = path.join(path.resolve(process.env.DATA_DIR || "./data"), "session-secret");
  if (fs.existsSync(stored)) process.env.SESSION_SECRET = fs.readFileSync(stored, "utf8").trim();
}
