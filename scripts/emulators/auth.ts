// Starts the Firebase Auth emulator (firebase-tools, installed apart in tools/firebase-emulators)
// on a free loopback port, for the contract tests, Playwright and `npm run dev:firebase`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { assertPortFree, freePort, type RunningEmulator } from "./firestore";

const FIREBASE_BIN = path.resolve("tools/firebase-emulators/node_modules/firebase-tools/lib/bin/firebase.js");

export async function startAuthEmulator(options: { projectId: string; port?: number }): Promise<RunningEmulator> {
  if (!fs.existsSync(FIREBASE_BIN)) {
    throw new Error(
      "The Firebase Auth emulator (firebase-tools) is not installed. Run `npm run emulators:install` " +
        "(npm ci --omit=optional in tools/firebase-emulators).",
    );
  }
  const port = options.port ?? (await freePort());
  // Never mistake another run's emulator for ours.
  await assertPortFree(port, "Auth emulator");
  // firebase-tools also opens a hub and a logging port (4400, 4500 by default): give them free
  // ones, so two emulator runs on one machine never collide.
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-auth-emulator-"));
  const config = path.join(dir, "firebase.json");
  fs.writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: "127.0.0.1", port },
        hub: { host: "127.0.0.1", port: hubPort },
        logging: { host: "127.0.0.1", port: loggingPort },
        ui: { enabled: false },
      },
    }),
  );
  let log = "";
  const child = spawn(
    process.execPath,
    [FIREBASE_BIN, "emulators:start", "--only", "auth", "--project", options.projectId, "--config", config],
    {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NO_UPDATE_NOTIFIER: "1", FIREBASE_CLI_EXPERIMENTS: "", CI: "true" },
    },
  );
  // Keep the last lines only: enough to explain a failure.
  const remember = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000));
  child.stdout?.on("data", remember);
  child.stderr?.on("data", remember);
  let stopping = false;
  child.on("exit", (code, signal) => {
    if (!stopping) console.error(`The Auth emulator stopped unexpectedly (${code ?? signal}):\n${log}`);
  });
  const host = `127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Auth emulator exited (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`http://${host}/emulator/v1/projects/${options.projectId}/config`);
      if (res.ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Auth emulator did not start in 90 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await configureAuthEmulator(host, options.projectId);
  return {
    host,
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill("SIGTERM");
        setTimeout(() => child.exitCode === null && child.kill("SIGKILL"), 5000).unref();
      }),
  };
}

/** Answer like production: INVALID_LOGIN_CREDENTIALS instead of EMAIL_NOT_FOUND / INVALID_PASSWORD. */
export async function configureAuthEmulator(host: string, projectId: string): Promise<void> {
  const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}/config`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: true } }),
  });
  if (!res.ok) throw new Error(`Could not configure the Auth emulator: ${res.status} ${await res.text()}`);
}

/** Delete every account of the project (between tests). */
export async function resetAuthEmulator(host: string, projectId: string): Promise<void> {
  await fetch(`http://${host}/emulator/v1/projects/${projectId}/accounts`, { method: "DELETE" });
}

/** The password-reset codes the emulator would have e-mailed, newest last. */
export async function authEmulatorResetCodes(
  host: string,
  projectId: string,
): Promise<Array<{ email: string; oobCode: string; oobLink: string }>> {
  const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}/oobCodes`);
  const json = (await res.json()) as {
    oobCodes?: Array<{ email: string; oobCode: string; oobLink: string; requestType: string }>;
  };
  return (json.oobCodes ?? []).filter((c) => c.requestType === "PASSWORD_RESET");
}
