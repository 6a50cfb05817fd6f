// Runs the Cloud Storage for Firebase emulator that firebase-tools ships (its own Node server and
// storage layer), started by scripts/emulators/storage.ts as: node storage-server.mjs <firebase-tools lib> <project> <port>.
//
// Why not `firebase emulators:start --only storage`: the CLI refuses any Java-based emulator below
// Java 21 (this machine has 17), and the storage emulator always starts a security-rules runtime,
// a jar it downloads on first use (no download is possible here). That runtime only judges
// requests of the Firebase client SDKs (/v0/...); the Google Cloud API that firebase-admin/storage
// speaks (/storage/v1/..., /upload/...) goes through the emulator's admin storage layer, which
// never consults rules. So we start the same StorageEmulator without the rules runtime: client-SDK
// requests are refused (no ruleset loaded), admin requests behave exactly as under the CLI.
// The price: storage.rules is never evaluated here (no copy of the runtime jar,
// cloud-storage-rules-runtime-v1.1.3.jar, exists on these machines). Every client is refused
// all the same, which is what storage.rules says (tests/integration/security-rules.test.ts).
// The internals used here are those of firebase-tools 15.34.2 (pinned in tools/firebase-emulators).
import { createRequire } from "node:module";
import path from "node:path";

const [lib, projectId, port] = process.argv.slice(2);
if (!lib || !projectId || !port) {
  console.error("usage: node storage-server.mjs <firebase-tools lib dir> <project id> <port>");
  process.exit(2);
}
const require = createRequire(path.join(lib, "index.js"));
const { StorageEmulator } = require(path.join(lib, "emulator/storage/index.js"));
const { createApp } = require(path.join(lib, "emulator/storage/server.js"));
const { EmulatorRegistry } = require(path.join(lib, "emulator/registry.js"));
const { createDestroyer } = require(path.join(lib, "utils.js"));
if (
  typeof StorageEmulator !== "function" ||
  typeof createApp !== "function" ||
  typeof EmulatorRegistry?.start !== "function"
) {
  console.error(
    `firebase-tools at ${lib} does not have the storage emulator this script expects (15.34.2). Run \`npm run emulators:install\`.`,
  );
  process.exit(3);
}

class StorageEmulatorWithoutRulesRuntime extends StorageEmulator {
  // StorageEmulator.start() minus the rules runtime and rules manager (see above).
  async start() {
    const { host, port } = this.getInfo();
    this._app = await createApp(this.args.projectId, this);
    const server = this._app.listen(port, host);
    this.destroyServer = createDestroyer(server);
  }
  async stop() {
    await this._persistence.deleteAll();
    if (this.destroyServer) await this.destroyServer();
  }
}

// Registered like the CLI does, so the links it writes into object metadata name this host and port.
const emulator = new StorageEmulatorWithoutRulesRuntime({
  projectId,
  host: "127.0.0.1",
  port: Number(port),
  auto_download: false,
});
await EmulatorRegistry.start(emulator);
console.log(`storage emulator ready on 127.0.0.1:${port}`);

const stop = () => emulator.stop().finally(() => process.exit(0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stop);
// The starter holds our stdin open: when it dies without stopping us, stdin ends and so do we.
process.stdin.on("end", stop);
process.stdin.resume();
