import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { freePort } from "../../../scripts/emulators/firestore";

// A second shop for specs that test how the shop starts or how it is configured: `npm start`'s
// own script on a free port, with a data directory of its own, its output kept for messages.

export interface ExtraShop {
  port: number;
  /** Its DATA_DIR, removed by stop() unless it was given (a restart on the same data). */
  dataDir: string;
  /** Sends the shop's process a signal (SIGTERM: what a platform sends to stop it). */
  signal(signal: NodeJS.Signals): void;
  /** Resolves with the exit code once the process has exited. */
  exited(): Promise<number | null>;
  /** What the shop wrote to stdout and stderr so far. */
  output(): string;
  /** Null while it runs. */
  exitCode(): number | null;
  stop(): Promise<void>;
}

export const E2E_SESSION_SECRET = "e2e-session-secret-that-is-long-enough-0123456789";

/**
 * Starts `scripts/start.mjs` with the test runner's environment plus `env` (PORT, DATA_DIR and
 * SESSION_SECRET are filled in), minus the variables named in `unset`; `script` instead of start.mjs.
 * `testHooks` (entries of HEMLINE_TEST_HOOKS, such as "kill-at=webhook-received") serve the build with
 * scripts/serve.mjs and NODE_ENV=test: start-up refuses the switch in production, and start.mjs always
 * says production. Always `stop()` it.
 */
export async function startShop(
  env: (port: number) => Record<string, string>,
  options: { unset?: string[]; port?: number; script?: string; dataDir?: string; testHooks?: string[] } = {},
): Promise<ExtraShop> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "hemline-e2e-shop-"));
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SESSION_SECRET: E2E_SESSION_SECRET,
    ...env(port),
    ...(options.testHooks ? { NODE_ENV: "test", HEMLINE_TEST_HOOKS: options.testHooks.join(",") } : {}),
  };
  for (const name of options.unset ?? []) delete merged[name];
  // scripts/serve.mjs serves the existing build as NODE_ENV says (start.mjs always says production).
  const script = options.script ?? (options.testHooks ? "scripts/serve.mjs" : "scripts/start.mjs");
  const child = spawn(process.execPath, [script], {
    env: merged,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    port,
    dataDir,
    signal: (signal) => child.kill(signal),
    exited: () => exit,
    output: () => output,
    exitCode: () => child.exitCode,
    async stop() {
      // Still running: neither exited nor killed by a signal (a test hook's SIGKILL).
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      }
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The shop's address once /healthz answers 200 (it fails at once if the shop exits first). */
export async function serving(shop: ExtraShop): Promise<string> {
  const base = `http://127.0.0.1:${shop.port}`;
  await expect(async () => {
    expect(shop.exitCode(), shop.output()).toBeNull();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  }).toPass({ timeout: 120_000 });
  return base;
}
