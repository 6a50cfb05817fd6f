// npm run dev: the shop in development mode with live reload. Runs `remix dev`, which rebuilds on
// every change to app/, restarts scripts/server.mjs (it migrates and seeds the store as for
// `npm start`) and reloads the open pages (the root's <LiveReload />).
// PORT as for `npm start` (default 3000); remix dev's own socket (rebuild signals, live reload) on PORT + 1.
import { spawn } from "node:child_process";
import { ConfigError, parseConfig } from "~/server/config.server";
import { loadDotEnv } from "./env";

loadDotEnv();
process.env.NODE_ENV = "development";
let config;
try {
  config = parseConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

console.log(`Starting ${config.shopName} in development at http://localhost:${config.port} (live reload)`);
const dev = spawn(
  "npx",
  ["remix", "dev", "--port", String(config.port + 1), "-c", "node scripts/server.mjs build-dev/index.js"],
  { stdio: "inherit", env: process.env },
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => dev.kill(signal));
dev.on("exit", (code) => process.exit(code ?? 0));
