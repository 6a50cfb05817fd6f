import fs from "node:fs";

/** Load ./.env when present (Node's own parser); real environment variables win. */
export function loadDotEnv(file = ".env"): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
