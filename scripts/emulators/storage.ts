// Starts the Cloud Storage for Firebase emulator of firebase-tools (installed apart in
// tools/firebase-emulators) on a free loopback port, for the contract tests, Playwright and
// `npm run dev:firebase`. storage-server.mjs says why it is not `firebase emulators:start`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { assertPortFree, freePort, type RunningEmulator } from "./firestore";

const FIREBASE_TOOLS_LIB = path.resolve("tools/firebase-emulators/node_modules/firebase-tools/lib");
const SERVER = path.resolve("scripts/emulators/storage-server.mjs");

export async function startStorageEmulator(options: { projectId: string; port?: number }): Promise<RunningEmulator> {
  if (!fs.existsSync(path.join(FIREBASE_TOOLS_LIB, "emulator/storage/index.js"))) {
    throw new Error(
      "The Cloud Storage for Firebase emulator (firebase-tools) is not installed. Run `npm run emulators:install` " +
        "(npm ci --omit=optional in tools/firebase-emulators).",
    );
  }
  const port = options.port ?? (await freePort());
  // Never mistake another run's emulator for ours.
  await assertPortFree(port, "Storage emulator");
  // The emulator keeps its blobs under os.tmpdir()/firebase/storage: a temporary directory of
  // its own, so two runs on one machine never share (or delete) each other's files.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-storage-emulator-"));
  let log = "";
  const child = spawn(process.execPath, [SERVER, FIREBASE_TOOLS_LIB, options.projectId, String(port)], {
    cwd: dir,
    // stdin stays open for the emulator's life: it stops when this process goes (storage-server.mjs).
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, TMPDIR: dir, NO_UPDATE_NOTIFIER: "1" },
  });
  // Keep the last lines only: enough to explain a failure.
  const remember = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000));
  child.stdout?.on("data", remember);
  child.stderr?.on("data", remember);
  let stopping = false;
  child.on("exit", (code, signal) => {
    // Exit code 0 is the emulator stopping as its parent goes (stdin closed): not worth a word.
    if (!stopping && code !== 0)
      console.error(`The Storage emulator stopped unexpectedly (${code ?? signal}):\n${log}`);
  });
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const host = `127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited()) throw new Error(`Storage emulator exited (${child.exitCode ?? child.signalCode}):\n${log}`);
    try {
      // The Cloud Storage API's bucket list: answers once the server is up.
      const res = await fetch(`http://${host}/b`);
      if (res.ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Storage emulator did not start in 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    host,
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        const done = () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (exited()) return done();
        child.once("exit", done);
        child.kill("SIGTERM");
        setTimeout(() => !exited() && child.kill("SIGKILL"), 5000).unref();
      }),
  };
}
