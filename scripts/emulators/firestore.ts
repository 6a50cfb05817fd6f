// Starts Google's Cloud Firestore emulator (the jar that ships with the Google Cloud SDK) on a
// free loopback port, under the security rules that `firebase deploy` would deploy. Used by the
// contract tests and by `npm run dev:firebase`.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export const DEFAULT_FIRESTORE_JAR =
  "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar";

/** The rules firebase.json deploys: every test runs under them. */
export const FIRESTORE_RULES = path.resolve("firestore.rules");

export interface RunningEmulator {
  /** host:port, the value for FIRESTORE_EMULATOR_HOST */
  host: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Throws when something already listens on the port (a leftover emulator, another run). */
export function assertPortFree(port: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", () => reject(new Error(`${what}: port ${port} on 127.0.0.1 is already in use`)));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve()));
  });
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Firestore emulator exited with code ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Firestore emulator did not answer within ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * The emulator starts even when the rules do not compile, then answers every request, the
 * Admin SDK's included, with 400 "Error compiling rules": ask it once, as the Admin SDK would
 * (`Bearer owner`), so a broken rules file stops the start with the compiler's message.
 */
async function assertRulesCompiled(host: string, rules: string): Promise<void> {
  const probe = `http://${host}/v1/projects/demo-rules-check/databases/(default)/documents/rules-check/probe`;
  const res = await fetch(probe, { headers: { Authorization: "Bearer owner" } });
  if (res.ok || res.status === 404) return;
  const body = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
  throw new Error(`The Firestore emulator refused ${rules}: ${body.error?.message ?? `HTTP ${res.status}`}`);
}

export async function startFirestoreEmulator(options: { port?: number } = {}): Promise<RunningEmulator> {
  if (!fs.existsSync(FIRESTORE_RULES)) {
    throw new Error(`${FIRESTORE_RULES} was not found: start the emulator from the repository root.`);
  }
  const jar = process.env.FIRESTORE_EMULATOR_JAR ?? DEFAULT_FIRESTORE_JAR;
  if (!fs.existsSync(jar)) {
    throw new Error(
      `The Cloud Firestore emulator was not found at ${jar}. Install the Google Cloud SDK's ` +
        "Firestore emulator (package google-cloud-cli-firestore-emulator, or `gcloud components install cloud-firestore-emulator`) " +
        "and Java 17+, or point FIRESTORE_EMULATOR_JAR at cloud-firestore-emulator.jar.",
    );
  }
  const port = options.port ?? (await freePort());
  await assertPortFree(port, "Firestore emulator");
  let log = "";
  const child = spawn(
    "java",
    [
      "-cp",
      jar,
      "com.google.cloud.datastore.emulator.firestore.CloudFirestore",
      "start",
      "--host=127.0.0.1",
      `--port=${port}`,
      // The rules of every project on this emulator, whatever project id a test picks.
      `--rules=${FIRESTORE_RULES}`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  child.on("error", (error) => {
    log += `\n${error.message} (is Java 17+ installed?)`;
  });
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  const host = `127.0.0.1:${port}`;
  try {
    await waitForHttp(`http://${host}/`, child, 60_000, () => log);
    await assertRulesCompiled(host, FIRESTORE_RULES);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    host,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}
